import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/api/auth-check';
import { useSaveAddress } from '../../features/auth/api/save-address';
import { CART_KEY } from '../../features/cart/api/cart';
import { productQuery } from '../../features/catalog/api/product';
import { ProductImage } from '../../features/catalog/components/product-image';
import { AddressDetails } from '../../features/checkout/components/address-details';
import { AddressForm, type AddressFormValues } from '../../features/checkout/components/address-form';
import { AreaSorry } from '../../features/checkout/components/area-sorry';
import { OrderChanges } from '../../features/checkout/components/order-changes';
import { OrderReview } from '../../features/checkout/components/order-review';
import { StitchingEditor } from '../../features/checkout/components/stitching-editor';
import { VisitPicker } from '../../features/checkout/components/visit-picker';
import { checkoutProfilesQuery, visitSlotsQuery } from '../../features/checkout/api/tailoring';
import { clearCheckoutDraft, lineDraft, setVisit, stitchingBody, useCheckoutDraft } from '../../features/checkout/checkout-draft';
import { ServiceAreaOverlay } from '../../features/checkout/components/service-area-overlay';
import { answeredInArea, rememberInArea } from '../../features/checkout/service-area-answer';
import { celebrateOrder } from '../../features/checkout/confetti';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import {
  clearTemporaryOrder,
  getTemporaryOrder,
  refreshTemporaryOrder,
  useTemporaryOrder,
  type CurrentProduct,
  type TemporaryOrderChanges,
} from '../../features/checkout/temporary-order';
import { usePlaceOrder } from '../../features/orders/api/place-order';
import { ApiError, isApiStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { productName } from '../../lib/product-text';
import { ORDERS_KEY } from '../../lib/query-keys';
import { serverMessage } from '../../lib/server-message';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';

/** A line picture on the review page. */
function linePicture(url: string, alt: string) {
  return <ProductImage url={url || undefined} alt={alt} sizes="64px" />;
}

/**
 * /address (docs/product.md#address), signed-in only (docs/architecture.md#http-api): first the service-area overlay
 * (Yes dismisses it for the rest of the browser session; No shows the sorry message whose BACK
 * goes two history steps back), then
 * the 'Order Checkout' form. Saving posts `/api/auth/address`, puts the updated user in the auth
 * query and goes to /confirm/address; a failure shows 'Failed to add address' as a toast (docs/product.md#messages
 * kept it silent: docs/decisions/009), a refused field (400) the server's message instead, and a lost session
 * 'please login' and /signin (docs/product.md#messages). A pin code the tailor does not visit yet also offers the
 * WhatsApp chat and "tell me when you come to my area" below the form (docs/product.md#service-area).
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
  // Asked once a browser session: a Yes given before (say, before Edit My Address) stands.
  // The page is drawn only in the browser (behind sign-in), so storage can be read at once.
  const [inArea, setInArea] = useState(answeredInArea);
  const save = useSaveAddress();
  // The footer loads the shop's contact points on every page; read them, never ask again here.
  const whatsappHref = useQuery({ ...shopInfoQuery, enabled: false }).data?.whatsappHref;

  const goBackTwo = () => {
    // docs/product.md#screens: two history steps back. A tab opened right here has nowhere to go back to, so home.
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
        // A refused field (say, a pin code the tailor does not visit yet) is named by the server's message.
        toast.error((isApiStatus(error, 400) && serverMessage(error, t)) || t('errors.addressFailed'));
      },
    });
  };

  return (
    <>
      <PageTitle title={t('address.title')} />
      {!inArea && (
        <ServiceAreaOverlay
          onConfirm={() => {
            rememberInArea();
            setInArea(true);
          }}
          onBack={goBackTwo}
          whatsappHref={whatsappHref}
        />
      )}
      <PageHeading sub={t('address.sub')}>{t('address.title')}</PageHeading>
      <AddressForm initial={user?.address ?? null} onSubmit={onSubmit} pending={save.isPending} />
      {save.error instanceof ApiError && save.error.reason === 'area.notServed' && (
        <div className="mt-6 max-w-xl">
          <AreaSorry key={save.variables?.pinCode} pinCode={save.variables?.pinCode} whatsappHref={whatsappHref} />
        </div>
      )}
    </>
  );
}

/**
 * /confirm/address (docs/product.md#confirm-address), only with a saved address that has a name:
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
  if (!user?.address) return null;
  return (
    <>
      <PageTitle title={t('address.confirmTitle')} />
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
 * Each product's current name, price and first picture from the catalog (`GET /api/product/:id`,
 * fetched afresh, never from the cache), `null` for a product no longer sold. A lookup that
 * fails otherwise is left out of the map, so its line is kept as it was.
 */
async function currentProducts(queryClient: QueryClient, ids: string[]): Promise<Map<string, CurrentProduct | null>> {
  const found = await Promise.allSettled(ids.map((id) => queryClient.fetchQuery({ ...productQuery(id), staleTime: 0 })));
  const current = new Map<string, CurrentProduct | null>();
  found.forEach((result, index) => {
    if (result.status === 'rejected') return;
    const product = result.value;
    // A hidden product ('unavailable') is no longer sold, as a deleted one (docs/product.md#hidden-products).
    current.set(
      ids[index]!,
      product && product !== 'unavailable'
        ? { name: product.name, nameTa: product.nameTa, price: product.price, image: product.images[0] ?? '' }
        : null,
    );
  });
  return current;
}

/**
 * /placeorder (docs/product.md#place-order), only with a saved address: 'Review Your Order' lists the
 * temporary order's lines with subtotals and the total; 'Go Back' → /cartpage (or / without an
 * address). 'Place Order' (busy while it runs) sends `POST /api/orders`; on success 100 confetti
 * pieces play for 1.7 s, then /myOrders (docs/product.md#states-and-transitions). A 409 shows the server's message, which gives
 * the current total; any other failure 'Error in place Order' (docs/product.md#messages). An empty temporary order
 * shows the product's empty message and sends nothing (docs/product.md#validation).
 * Recovery (docs/product.md#place-order): after a 409 (the shop changed a price) or a 404 (a product was deleted)
 * the temporary order is re-priced from the catalog's current products and lines no longer sold
 * are dropped; a notice lists what changed and the review shows the new lines and total, so the
 * next Place Order goes through. A 404 that names no missing line shows 'Error in place Order'.
 * Tailoring (docs/product.md#stitching-details, docs/product.md#home-visit-slot): under each line its
 * stitching details, then the home-visit picker; both are kept in the checkout draft
 * (sessionStorage), so a refused request loses nothing. A slot that filled meanwhile (409
 * `visit.*`) shows the server's message above the picker, reloads the slots and asks for
 * another time. Once placed, the confirmation screen /order-placed/:orderId follows the confetti
 * (docs/product.md#order-confirmation).
 */
export function PlaceOrderPage() {
  return (
    <Guard rule="address">
      <PlaceOrderContent />
    </Guard>
  );
}

function PlaceOrderContent() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const order = useTemporaryOrder();
  const place = usePlaceOrder();
  const [celebrating, setCelebrating] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [changes, setChanges] = useState<TemporaryOrderChanges | null>(null);
  const draft = useCheckoutDraft();
  const hasLines = order.items.length > 0;
  const profiles = useQuery({ ...checkoutProfilesQuery, enabled: hasLines });
  const slots = useQuery({ ...visitSlotsQuery, enabled: hasLines });
  const [visitDay, setVisitDay] = useState<string | null>(null);
  const [visitNotice, setVisitNotice] = useState<string | null>(null);
  // Whether each line's product offers the shop's fabric (its price includes the fabric).
  const products = useQueries({ queries: order.items.map((item) => productQuery(item.productID)) });
  const offersShopFabric = new Map(
    order.items.map((item, index) => {
      const product = products[index]?.data;
      return [item.productID, typeof product === 'object' && product !== null && product.priceIncludesFabric];
    }),
  );

  const busy = place.isPending || celebrating || refreshing;

  /** Re-prices the temporary order from the catalog after the server refused it; see the JSDoc above. */
  const refreshFromCatalog = async (): Promise<TemporaryOrderChanges> => {
    setRefreshing(true);
    try {
      const ids = getTemporaryOrder().items.map((item) => item.productID);
      const refreshed = refreshTemporaryOrder(await currentProducts(queryClient, ids));
      setChanges(refreshed);
      return refreshed;
    } finally {
      setRefreshing(false);
    }
  };
  const empty = order.items.length === 0 || order.totalAmount <= 0;

  const onPlace = () => {
    if (empty || busy) return;
    place.mutate(
      {
        items: order.items.map((item) => {
          const line = lineDraft(draft, item.productID);
          return {
            productId: item.productID,
            quantity: item.quantity,
            stitching: stitchingBody({ ...line, fabric: offersShopFabric.get(item.productID) ? line.fabric : 'own' }),
          };
        }),
        totalAmt: order.totalAmount,
        visit: draft.visit,
      },
      {
        onSuccess: async (placed) => {
          setCelebrating(true);
          // The ordered lines left the cart on the server.
          void queryClient.invalidateQueries({ queryKey: CART_KEY });
          toast.success(t('placeOrder.placed'));
          await celebrateOrder();
          clearTemporaryOrder();
          clearCheckoutDraft();
          void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          void navigate(paths.orderPlaced(placed.orderId));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.reason?.startsWith('visit.')) {
            // The slot filled, started or closed meanwhile: say so in her language and let her pick again.
            setVisitNotice(`${serverMessage(error, t) ?? error.message} ${t('tailoring.pickAgain')}`);
            setVisit(null);
            void slots.refetch();
            document.getElementById('visit-heading')?.scrollIntoView?.({ block: 'center' });
            return;
          }
          if (error instanceof ApiError && error.reason?.startsWith('stitching.')) {
            toast.error(serverMessage(error, t) ?? error.message);
            return;
          }
          if (isApiStatus(error, 409) && error instanceof ApiError) {
            // The current total, in the shopper's language (docs/product.md#languages).
            toast.error(serverMessage(error, t) ?? error.message);
            void queryClient.invalidateQueries({ queryKey: CART_KEY });
            void refreshFromCatalog();
            return;
          }
          if (isApiStatus(error, 429) && error instanceof ApiError) {
            // Over the account's order limits: the server says which, in the shopper's language.
            toast.error(serverMessage(error, t) ?? error.message);
            return;
          }
          if (isApiStatus(error, 404)) {
            // A deleted product also left the cart (its lines go with it on the server).
            void queryClient.invalidateQueries({ queryKey: CART_KEY });
            void refreshFromCatalog().then((refreshed) => {
              if (refreshed.removed.length === 0) toast.error(t('errors.placeOrderFailed'));
            });
            return;
          }
          toast.error(t('errors.placeOrderFailed'));
        },
      },
    );
  };

  return (
    <div className="max-w-2xl">
      <PageTitle title={t('placeOrder.title')} />
      <PageHeading>{t('placeOrder.title')}</PageHeading>
      {changes && <OrderChanges changes={changes} hasItems={!empty} />}
      {empty ? (
        <EmptyState>{t('placeOrder.empty')}</EmptyState>
      ) : (
        <>
          <OrderReview
            order={order}
            renderPicture={linePicture}
            renderLineExtra={(item) => (
              <StitchingEditor
                productId={item.productID}
                productName={productName(item, i18n.language)}
                line={lineDraft(draft, item.productID)}
                profiles={profiles.data ?? []}
                offersShopFabric={offersShopFabric.get(item.productID) ?? false}
                profilesHref={paths.measurements}
              />
            )}
          />
          <VisitPicker
            days={slots.data?.days}
            failed={slots.isError}
            value={draft.visit}
            onChange={(visit) => {
              setVisit(visit);
              setVisitNotice(null);
            }}
            day={visitDay ?? slots.data?.days.find((day) => !day.closed && day.slots.some((slot) => slot.status === 'open'))?.date ?? null}
            onDay={(date) => {
              setVisitDay(date);
              if (draft.visit && draft.visit.date !== date) setVisit(null);
            }}
            notice={visitNotice}
          />
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={user?.address ? paths.cartpage : paths.home} className={buttonClass.secondary}>
          {t('placeOrder.goBack')}
        </Link>
        {!empty && (
          <Button onClick={onPlace} disabled={busy} aria-busy={busy || undefined}>
            {refreshing ? t('placeOrder.refreshing') : busy ? t('placeOrder.placing') : t('placeOrder.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
