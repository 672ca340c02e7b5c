import type { User } from '@thaiyal/contract';
import { paths } from '../lib/paths';

/**
 * Where Buy Now and the cart's Continue lead once the temporary order is saved (docs/product.md#cart,
 * docs/product.md#states-and-transitions Buy Now): a visitor to /signin, a shopper with a saved address that has a name to
 * /confirm/address, any other shopper to /address.
 */
export function checkoutPath(user: User | null): string {
  if (!user) return paths.signin;
  return user.address?.name ? paths.confirmAddress : paths.address;
}
