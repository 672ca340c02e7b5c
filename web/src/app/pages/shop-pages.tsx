import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { StatusMessage } from '../../components/ui/status-message';
import { useAuth } from '../../features/auth/api/auth-check';
import { useCart } from '../../features/cart/api/cart';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ProductImage } from '../../features/catalog/components/product-image';
import { useMyOrders } from '../../features/orders/api/orders';
import { useWishlist } from '../../features/wishlist/api/wishlist';
import { paths } from '../../lib/paths';
import { formatRupees } from '../../lib/text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Guard } from '../guards';

/**
 * /wishlist (SPEC §2 Wishlist): 'Loved collection', a grid of the wishlist's products,
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

/**
 * /cartpage (SPEC §2 Cart), signed-in only: the cart's lines with picture, name, 'Size:
 * Custom', price each, quantity and line total, the total and Continue (→ /confirm/address
 * with a saved address name, else /address). Quantity controls, Remove, Buy Now and the For
 * You row arrive with the shopping issue.
 */
export function CartPage() {
  return (
    <Guard rule="user">
      <CartContent />
    </Guard>
  );
}

function CartContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const cart = useCart(true);
  useDocumentTitle(t('cart.title'));
  const items = cart.data?.items ?? [];
  return (
    <>
      <PageHeading>{t('cart.title')}</PageHeading>
      {cart.isPending ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : items.length === 0 ? (
        <StatusMessage>{t('cart.empty')}</StatusMessage>
      ) : (
        <div className="space-y-4">
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item._id} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-rose-900/10">
                <Link to={paths.view(item._id, item.category)} className="w-20 shrink-0 overflow-hidden rounded-lg">
                  <ProductImage url={item.images[0]} alt={item.name} sizes="80px" />
                </Link>
                <div className="min-w-0 flex-1 space-y-0.5 text-sm">
                  <p className="font-semibold text-stone-900">{item.name}</p>
                  <p className="line-clamp-2 text-stone-600">{item.description}</p>
                  <p className="text-stone-700">{t('cart.sizeCustom')}</p>
                  <p className="text-stone-700">
                    {t('cart.priceEach', { price: formatRupees(item.price) })} · {t('cart.quantity', { count: item.quantity })}
                  </p>
                  <p className="font-semibold text-rose-900">{formatRupees(item.price * item.quantity)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="sticky bottom-0 flex items-center justify-between rounded-xl bg-amber-50 p-4 shadow ring-1 ring-rose-900/10">
            <p className="font-semibold text-rose-950">{t('cart.total', { total: formatRupees(cart.data?.total ?? 0) })}</p>
            <Button onClick={() => void navigate(user?.address?.name ? paths.confirmAddress : paths.address)}>
              {t('cart.continue')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * /address (SPEC §2 Address), signed-in only: 'Order Checkout'. The service-area overlay and
 * the address form arrive with the checkout issue; until then the saved address is shown.
 */
export function AddressPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('address.title'));
  return (
    <Guard rule="user">
      <PageHeading sub={t('address.sub')}>{t('address.title')}</PageHeading>
      <SavedAddress />
    </Guard>
  );
}

function SavedAddress() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const address = user?.address;
  if (!address) return <StatusMessage>{t('address.none')}</StatusMessage>;
  const rows: Array<[string, string]> = [
    [t('address.name'), address.name],
    [t('address.phoneNumber'), address.phoneNumber],
    [t('address.doorNumber'), address.doorNumber],
    [t('address.street'), address.street],
    [t('address.city'), address.city],
    [t('address.state'), address.state],
    [t('address.pinCode'), address.pinCode],
  ];
  return (
    <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className="text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /confirm/address (SPEC §2 Confirm address), only with a saved address that has a name:
 * the address read-only, 'Confirm Address' → /placeorder, 'Edit My Address' → /address.
 */
export function ConfirmAddressPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('address.confirmTitle'));
  return (
    <Guard rule="namedAddress">
      <PageHeading>{t('address.confirmTitle')}</PageHeading>
      <SavedAddress />
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.placeorder} className={buttonClass.primary}>
          {t('address.confirm')}
        </Link>
        <Link to={paths.address} className={buttonClass.secondary}>
          {t('address.edit')}
        </Link>
      </div>
    </Guard>
  );
}

/**
 * /placeorder (SPEC §2 Place order), only with a saved address: 'Review Your Order'. The
 * temporary order it reviews arrives with the checkout issue, so for now it shows SPEC's
 * empty message and 'Go Back' (→ /cartpage).
 */
export function PlaceOrderPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('placeOrder.title'));
  return (
    <Guard rule="address">
      <PageHeading>{t('placeOrder.title')}</PageHeading>
      <StatusMessage>{t('placeOrder.empty')}</StatusMessage>
      <div className="mt-6">
        <Link to={paths.cartpage} className={buttonClass.secondary}>
          {t('placeOrder.goBack')}
        </Link>
      </div>
    </Guard>
  );
}

/**
 * /myOrders (SPEC §2 My orders), signed-in only: the orders newest first with number, date,
 * status and total; 'Recently No orders Placed' when empty. The tracker, items, address and
 * cancelling arrive with the shopping issue.
 */
export function MyOrdersPage() {
  return (
    <Guard rule="user">
      <MyOrdersContent />
    </Guard>
  );
}

function MyOrdersContent() {
  const { t, i18n } = useTranslation();
  const orders = useMyOrders();
  useDocumentTitle(t('orders.title'));
  return (
    <>
      <PageHeading>{t('orders.title')}</PageHeading>
      {orders.isPending ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : !orders.data?.length ? (
        <StatusMessage>{t('orders.empty')}</StatusMessage>
      ) : (
        <ul className="space-y-3">
          {orders.data.map((order) => (
            <li key={order.orderId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
              <p className="font-semibold text-rose-950">{t('orders.number', { id: order.orderId })}</p>
              <p className="text-sm text-stone-600">
                {t('orders.purchased', { date: new Date(order.purchaseDate).toLocaleDateString(i18n.resolvedLanguage) })}
              </p>
              <p className="text-sm text-stone-700">{t('orders.status', { status: t(`orders.statuses.${order.status}`) })}</p>
              <p className="mt-1 font-semibold text-rose-900">{t('orders.total', { total: formatRupees(order.totalPrice) })}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /admin-only (SPEC §2 Admin dashboard), admins only: the dashboard's five tabs arrive with
 * the admin issue; this page names them.
 */
export function AdminPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const tabs = ['createProduct', 'products', 'banners', 'orderStatus', 'cancelOrders'] as const;
  return (
    <Guard rule="admin">
      <PageHeading sub={t('admin.sub')}>{t('admin.title')}</PageHeading>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab} className="rounded-full bg-rose-100 px-4 py-1.5 text-sm font-medium text-rose-950">
            {t(`admin.tabs.${tab}`)}
          </li>
        ))}
      </ul>
    </Guard>
  );
}
