import type { VisitBody, VisitDaysResponse } from '@thaiyal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/api/auth-check';
import { useSaveAddress } from '../../features/auth/api/save-address';
import { ProductImage } from '../../features/catalog/components/product-image';
import { clearAddressDraft } from '../../features/checkout/address-draft';
import { AddressDetails } from '../../features/checkout/components/address-details';
import { AddressForm, type AddressFormValues } from '../../features/checkout/components/address-form';
import { AreaSorry } from '../../features/checkout/components/area-sorry';
import { OrderChanges } from '../../features/checkout/components/order-changes';
import { OrderReview } from '../../features/checkout/components/order-review';
import { StitchingEditor } from '../../features/checkout/components/stitching-editor';
import { VisitPicker } from '../../features/checkout/components/visit-picker';
import { checkoutProfilesQuery, visitSlotsQuery } from '../../features/checkout/api/tailoring';
import { lineDraft, lineFabric, setVisit, useCheckoutDraft } from '../../features/checkout/checkout-draft';
import { ServiceAreaOverlay } from '../../features/checkout/components/service-area-overlay';
import { answeredInArea, rememberInArea } from '../../features/checkout/service-area-answer';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { useTemporaryOrder } from '../../features/checkout/temporary-order';
import { ApiError, isApiStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { productName } from '../../lib/product-text';
import { serverMessage } from '../../lib/server-message';
import { Guard } from '../guards';
import { useCatalogRefresh, useOffersShopFabric, useOrderPlacing } from './place-order-actions';
import { PageTitle } from '../../components/ui/page-title';

/** A line picture on the review page. */
function linePicture(url: string, alt: string) {
  return <ProductImage url={url || undefined} alt={alt} sizes="64px" />;
}

/**
 * /address (docs/product.md#address), signed-in only (docs/architecture.md#http-api): first the service-area overlay
 * (Yes dismisses it for the rest of the browser session; No shows the sorry message whose BACK
 * goes two history steps back), then
 * the 'Order Checkout' form (what is typed kept in the tab until saved, so a reload loses nothing). Saving posts
 * `/api/auth/address`, puts the updated user in the auth query, forgets the typed draft and goes to /confirm/address; a failure shows 'Failed to add address' as a toast (docs/product.md#messages
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
      onSuccess: () => {
        clearAddressDraft();
        void navigate(paths.confirmAddress);
      },
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
 * Tailoring (docs/product.md#stitching-details, docs/product.md#home-visit-slot): each line says whose
 * fabric it is made with (the shop's where the price includes it, unless she chose her own), under it its
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
  const order = useTemporaryOrder();
  const draft = useCheckoutDraft();
  const hasLines = order.items.length > 0;
  const profiles = useQuery({ ...checkoutProfilesQuery, enabled: hasLines });
  const slots = useQuery({ ...visitSlotsQuery, enabled: hasLines });
  const [visitNotice, setVisitNotice] = useState<string | null>(null);
  const offersShopFabric = useOffersShopFabric(order.items);
  const catalog = useCatalogRefresh();
  const placing = useOrderPlacing(order, draft, offersShopFabric, {
    onVisitRefused: (message) => {
      // The slot filled, started or closed meanwhile: say so in her language and let her pick again.
      setVisitNotice(message);
      setVisit(null);
      void slots.refetch();
      document.getElementById('visit-heading')?.scrollIntoView?.({ block: 'center' });
    },
    refreshFromCatalog: catalog.refresh,
  });
  const busy = placing.pending || catalog.refreshing;
  const empty = order.items.length === 0 || order.totalAmount <= 0;

  return (
    <div className="max-w-2xl">
      <PageTitle title={t('placeOrder.title')} />
      <PageHeading>{t('placeOrder.title')}</PageHeading>
      {catalog.changes && <OrderChanges changes={catalog.changes} hasItems={!empty} />}
      {empty ? (
        <EmptyState>{t('placeOrder.empty')}</EmptyState>
      ) : (
        <>
          <OrderReview
            order={order}
            renderPicture={linePicture}
            renderLineDetail={(item) => (
              // Whose fabric the price pays for, in force even before she opens the choice below.
              <p className="text-stone-700" data-testid={`line-fabric-${item.productID}`}>
                {lineFabric(lineDraft(draft, item.productID), offersShopFabric.get(item.productID) ?? false) === 'shop'
                  ? t('tailoring.summaryShop')
                  : t('tailoring.summaryOwn')}
              </p>
            )}
            renderLineExtra={(item) => (
              <StitchingEditor
                productId={item.productID}
                productName={productName(item, i18n.language)}
                line={lineDraft(draft, item.productID)}
                profiles={profiles.data ?? []}
                offersShopFabric={offersShopFabric.get(item.productID) ?? false}
                profilesHref={paths.measurementsReturningTo(paths.placeorder)}
              />
            )}
          />
          <VisitChoice
            days={slots.data?.days}
            failed={slots.isError}
            visit={draft.visit}
            notice={visitNotice}
            onNoticeSeen={() => setVisitNotice(null)}
          />
        </>
      )}
      <PlaceOrderButtons
        empty={empty}
        busy={busy}
        refreshing={catalog.refreshing}
        onPlace={() => {
          if (empty || busy) return;
          placing.place();
        }}
      />
    </div>
  );
}

/**
 * The home-visit picker of the checkout (docs/product.md#home-visit-slot): the day shown is the
 * one she picked, else the first with an open slot; picking another day drops a visit on the
 * day left. Picking a visit clears the notice of a refused one.
 */
function VisitChoice({
  days,
  failed,
  visit,
  notice,
  onNoticeSeen,
}: {
  days: VisitDaysResponse['days'] | undefined;
  failed: boolean;
  visit: VisitBody | null;
  notice: string | null;
  onNoticeSeen: () => void;
}) {
  const [visitDay, setVisitDay] = useState<string | null>(null);
  const firstOpenDay = days?.find((day) => !day.closed && day.slots.some((slot) => slot.status === 'open'))?.date ?? null;
  return (
    <VisitPicker
      days={days}
      failed={failed}
      value={visit}
      onChange={(picked) => {
        setVisit(picked);
        onNoticeSeen();
      }}
      day={visitDay ?? firstOpenDay}
      onDay={(date) => {
        setVisitDay(date);
        if (visit && visit.date !== date) setVisit(null);
      }}
      notice={notice}
    />
  );
}

/** 'Go Back' (to the cart, or home without an address) and, with lines to order, 'Place Order', busy while it runs. */
function PlaceOrderButtons({
  empty,
  busy,
  refreshing,
  onPlace,
}: {
  empty: boolean;
  busy: boolean;
  refreshing: boolean;
  onPlace: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
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
  );
}
