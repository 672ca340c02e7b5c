import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { StatusMessage } from '../../components/ui/status-message';
import { useAuth } from '../../features/auth/api/auth-check';
import { useSaveAddress } from '../../features/auth/api/save-address';
import { CART_KEY } from '../../features/cart/api/cart';
import { ProductImage } from '../../features/catalog/components/product-image';
import { AddressDetails } from '../../features/checkout/components/address-details';
import { AddressForm, type AddressFormValues } from '../../features/checkout/components/address-form';
import { OrderReview } from '../../features/checkout/components/order-review';
import { ServiceAreaOverlay } from '../../features/checkout/components/service-area-overlay';
import { celebrateOrder } from '../../features/checkout/confetti';
import { clearTemporaryOrder, useTemporaryOrder } from '../../features/checkout/temporary-order';
import { usePlaceOrder } from '../../features/orders/api/place-order';
import { ApiError, isApiStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Guard } from '../guards';

/** A line picture on the review page. */
function linePicture(url: string, alt: string) {
  return <ProductImage url={url || undefined} alt={alt} sizes="64px" />;
}

/**
 * /address (SPEC §2 Address), signed-in only (DESIGN.md): first the service-area overlay
 * (Yes dismisses it; No shows the sorry message whose BACK goes two history steps back), then
 * the 'Order Checkout' form. Saving posts `/api/auth/address`, puts the updated user in the auth
 * query and goes to /confirm/address; a failure shows 'Failed to add address' as a toast (SPEC §8
 * kept it silent: docs/decisions/009), and a lost session 'please login' and /signin (SPEC §8).
 */
export function AddressPage() {
  return (
    <Guard rule="user">
      <AddressContent />
    </Guard>
  );
}

function AddressContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [inArea, setInArea] = useState(false);
  const save = useSaveAddress();
  useDocumentTitle(t('address.title'));

  const goBackTwo = () => {
    // SPEC §2: two history steps back. A tab opened right here has nowhere to go back to, so home.
    if (window.history.length > 2) void navigate(-2);
    else void navigate(paths.home, { replace: true });
  };

  const onSubmit = (values: AddressFormValues) => {
    save.mutate(values, {
      onSuccess: () => void navigate(paths.confirmAddress),
      onError: (error) => {
        if (isApiStatus(error, 401)) {
          toast.error(t('errors.pleaseLogin'));
          void navigate(paths.signin);
          return;
        }
        toast.error(t('errors.addressFailed'));
      },
    });
  };

  return (
    <>
      {!inArea && <ServiceAreaOverlay onConfirm={() => setInArea(true)} onBack={goBackTwo} />}
      <PageHeading sub={t('address.sub')}>{t('address.title')}</PageHeading>
      <AddressForm initial={user?.address ?? null} onSubmit={onSubmit} pending={save.isPending} />
    </>
  );
}

/**
 * /confirm/address (SPEC §2 Confirm address), only with a saved address that has a name:
 * the address read-only, 'Confirm Address' → /placeorder, 'Edit My Address' → /address.
 */
export function ConfirmAddressPage() {
  return (
    <Guard rule="namedAddress">
      <ConfirmAddressContent />
    </Guard>
  );
}

function ConfirmAddressContent() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('address.confirmTitle'));
  if (!user?.address) return null;
  return (
    <>
      <PageHeading>{t('address.confirmTitle')}</PageHeading>
      <AddressDetails address={user.address} />
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.placeorder} className={buttonClass.primary}>
          {t('address.confirm')}
        </Link>
        <Link to={paths.address} className={buttonClass.secondary}>
          {t('address.edit')}
        </Link>
      </div>
    </>
  );
}

/**
 * /placeorder (SPEC §2 Place order), only with a saved address: 'Review Your Order' lists the
 * temporary order's lines with subtotals and the total; 'Go Back' → /cartpage (or / without an
 * address). 'Place Order' (busy while it runs) sends `POST /api/orders`; on success 100 confetti
 * pieces play for 1.7 s, then /myOrders (SPEC §4). A 409 shows the server's message, which gives
 * the current total; any other failure 'Error in place Order' (SPEC §8). An empty temporary order
 * shows SPEC's empty message and sends nothing (SPEC §5).
 */
export function PlaceOrderPage() {
  return (
    <Guard rule="address">
      <PlaceOrderContent />
    </Guard>
  );
}

function PlaceOrderContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const order = useTemporaryOrder();
  const place = usePlaceOrder();
  const [celebrating, setCelebrating] = useState(false);
  useDocumentTitle(t('placeOrder.title'));

  const busy = place.isPending || celebrating;
  const empty = order.items.length === 0 || order.totalAmount <= 0;

  const onPlace = () => {
    if (empty || busy) return;
    place.mutate(
      {
        items: order.items.map((item) => ({ productId: item.productID, quantity: item.quantity })),
        totalAmt: order.totalAmount,
      },
      {
        onSuccess: async () => {
          setCelebrating(true);
          // The ordered lines left the cart on the server.
          void queryClient.invalidateQueries({ queryKey: CART_KEY });
          toast.success(t('placeOrder.placed'));
          await celebrateOrder();
          clearTemporaryOrder();
          void navigate(paths.myOrders);
        },
        onError: (error) => {
          if (isApiStatus(error, 409) && error instanceof ApiError) {
            toast.error(error.message);
            void queryClient.invalidateQueries({ queryKey: CART_KEY });
            return;
          }
          toast.error(t('errors.placeOrderFailed'));
        },
      },
    );
  };

  return (
    <div className="max-w-2xl">
      <PageHeading>{t('placeOrder.title')}</PageHeading>
      {empty ? (
        <StatusMessage>{t('placeOrder.empty')}</StatusMessage>
      ) : (
        <OrderReview order={order} renderPicture={linePicture} />
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={user?.address ? paths.cartpage : paths.home} className={buttonClass.secondary}>
          {t('placeOrder.goBack')}
        </Link>
        {!empty && (
          <Button onClick={onPlace} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('placeOrder.placing') : t('placeOrder.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
