import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { useWishlist } from '../../features/wishlist/api/wishlist';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';

// The shopping pages live in their own modules; this module is the router's one lazy chunk for them.
export { CartPage } from './cart-page';
export { AddressPage, ConfirmAddressPage, PlaceOrderPage } from './checkout-pages';
export { MyOrdersPage } from './my-orders-page';
export { OrderPlacedPage } from './order-placed-page';

/**
 * /wishlist (docs/product.md#wishlist): 'Loved collection', a grid of the wishlist's products,
 * 'No products found' when empty. Signed-in only.
 */
export function WishlistPage() {
  return (
    <Guard rule="user">
      <WishlistContent />
    </Guard>
  );
}

function WishlistContent() {
  const { t } = useTranslation();
  const wishlist = useWishlist(true);
  return (
    <>
      <PageTitle title={t('wishlist.title')} />
      <PageHeading>{t('wishlist.title')}</PageHeading>
      <ProductGrid products={wishlist.data} isLoading={wishlist.isPending} />
    </>
  );
}
