import type { CartItem } from '@thaiyal/contract';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { StatusMessage } from '../../components/ui/status-message';
import { useAuth } from '../../features/auth/api/auth-check';
import { useCart, useRemoveFromCart, useSetCartQuantity } from '../../features/cart/api/cart';
import { CartLine } from '../../features/cart/components/cart-line';
import { useRecommendedProducts } from '../../features/catalog/api/recommended-products';
import { ProductImage } from '../../features/catalog/components/product-image';
import { ProductRow } from '../../features/catalog/components/product-row';
import { clearTemporaryOrder, saveTemporaryOrder, type TemporaryOrderItem } from '../../features/checkout/temporary-order';
import { paths } from '../../lib/paths';
import { formatRupees } from '../../lib/text';
import { checkoutPath } from '../checkout-navigation';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';

/** Toast id of the rollback notice: several refused clicks show one notice, not a pile. */
const SLOW_TOAST_ID = 'cart-server-slow';

function toOrderItem(item: CartItem, quantity: number): TemporaryOrderItem {
  return {
    productID: item._id,
    name: item.name,
    ...(item.nameTa ? { nameTa: item.nameTa } : {}),
    image: item.images[0] ?? '',
    price: item.price,
    quantity,
  };
}

/**
 * /cartpage (docs/product.md#cart), signed-in only. Each line has its picture, description, 'Size:
 * Custom', price each, line total, quantity badge with minus (a trash can at 1) and plus (up
 * to 10), Remove and Buy Now; quantity changes and removals show at once and are rolled back
 * with 'Server slow, please try later' when the server refuses (docs/product.md#states-and-transitions, docs/product.md#messages). The bottom bar
 * holds the total and Continue, and a For You row follows. Opening the cart clears the
 * temporary order; Buy Now (that line, quantity 1) and Continue (every line) save a new one
 * and go on to the address step (docs/product.md#states-and-transitions).
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
  const recommended = useRecommendedProducts(user?._id ?? null);
  const onRefused = () => toast.error(t('errors.serverSlow'), { id: SLOW_TOAST_ID });
  const setQuantity = useSetCartQuantity(onRefused);
  const remove = useRemoveFromCart(onRefused);

  useEffect(() => {
    clearTemporaryOrder();
  }, []);

  const items = cart.data?.items ?? [];

  const checkout = (orderItems: TemporaryOrderItem[]) => {
    saveTemporaryOrder(orderItems);
    void navigate(checkoutPath(user));
  };

  return (
    <div className="space-y-10">
      <PageTitle title={t('cart.title')} />
      <div>
        <PageHeading>{t('cart.title')}</PageHeading>
        {cart.isPending ? (
          <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
        ) : items.length === 0 ? (
          <EmptyState>{t('cart.empty')}</EmptyState>
        ) : (
          <div className="space-y-4">
            <ul className="space-y-3">
              {items.map((item) => (
                <li key={item._id}>
                  <CartLine
                    item={item}
                    href={paths.view(item._id, item.category)}
                    picture={<ProductImage url={item.images[0]} alt="" sizes="(min-width: 640px) 112px, 80px" />}
                    onQuantityChange={(quantity) => setQuantity.mutate({ productId: item._id, quantity })}
                    onRemove={() => remove.mutate(item._id)}
                    onBuyNow={() => checkout([toOrderItem(item, 1)])}
                  />
                </li>
              ))}
            </ul>
            <div className="sticky bottom-2 z-10 flex items-center justify-between gap-3 rounded-xl bg-amber-50/95 p-4 shadow-lg ring-1 ring-rose-900/10 backdrop-blur">
              <p className="font-semibold text-rose-950" aria-live="polite" data-testid="cart-total">
                {t('cart.total', { total: formatRupees(cart.data?.total ?? 0) })}
              </p>
              <Button onClick={() => checkout(items.map((item) => toOrderItem(item, item.quantity)))}>{t('cart.continue')}</Button>
            </div>
          </div>
        )}
      </div>
      <ProductRow title={t('cart.forYou')} products={recommended.data} isLoading={recommended.isPending} />
    </div>
  );
}
