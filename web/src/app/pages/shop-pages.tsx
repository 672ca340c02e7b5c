import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { useWishlist } from '../../features/wishlist/api/wishlist';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Guard } from '../guards';

// The shopping pages live in their own modules; this module is the router's one lazy chunk for them.
export { CartPage } from './cart-page';
export { AddressPage, ConfirmAddressPage, PlaceOrderPage } from './checkout-pages';
export { MyOrdersPage } from './my-orders-page';

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
  useDocumentTitle(t('wishlist.title'));
  return (
    <>
      <PageHeading>{t('wishlist.title')}</PageHeading>
      <ProductGrid products={wishlist.data} isLoading={wishlist.isPending} />
    </>
  );
}
