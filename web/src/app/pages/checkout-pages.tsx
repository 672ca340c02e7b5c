import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/api/auth-check';
import { useSaveAddress } from '../../features/auth/api/save-address';
import { clearAddressDraft } from '../../features/checkout/address-draft';
import { AddressDetails } from '../../features/checkout/components/address-details';
import { AddressForm, type AddressFormValues } from '../../features/checkout/components/address-form';
import { AreaSorry } from '../../features/checkout/components/area-sorry';
import { OrderChanges } from '../../features/checkout/components/order-changes';
import { checkoutProfilesQuery, visitSlotsQuery } from '../../features/checkout/api/tailoring';
import { setVisit, useCheckoutDraft, usePicturesUploading } from '../../features/checkout/checkout-draft';
import {
  garmentsProblem,
  nextStep,
  previousStep,
  STEP_PARAM,
  stepFromSearch,
  visitProblem,
  type CheckoutStep,
  type StepProblem,
} from '../../features/checkout/checkout-steps';
import { CheckoutBar } from '../../features/checkout/components/checkout-bar';
import { CheckoutStepSection, StepProgress } from '../../features/checkout/components/checkout-step';
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
import { GarmentsStep, ReviewStep, VisitStep, type StepData } from './place-order-steps';

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
 * Steps (docs/product.md#place-order): (1) for whom and fabric per line, its stitching details
 * (docs/product.md#stitching-details), (2) the home visit (docs/product.md#home-visit-slot), (3) the
 * review, where each line says whose fabric it is made with (the shop's where the price includes it,
 * unless she chose her own) and 'Place Order' sends. The step is `?step=` in the address (a reload
 * or the phone's Back keeps her place); every choice is kept in the checkout draft (sessionStorage),
 * so going back, a reload or a refused request loses nothing. A sticky bottom bar shows the total and
 * the button to the next step; a step whose choice no longer holds (a deleted profile, a slot
 * no longer open) says why and stays. A slot that filled meanwhile (409 `visit.*`) returns to the
 * visit step with the server's message above the picker, reloads the slots and asks for another
 * time. Once placed, the confirmation screen /order-placed/:orderId follows the confetti
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
  const uploading = usePicturesUploading();
  const hasLines = order.items.length > 0;
  const profiles = useQuery({ ...checkoutProfilesQuery, enabled: hasLines });
  const slots = useQuery({ ...visitSlotsQuery, enabled: hasLines });
  const [visitNotice, setVisitNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const step = stepFromSearch(searchParams.get(STEP_PARAM));
  const goTo = (next: CheckoutStep) => {
    setProblem(null);
    // A history entry a step: the phone's Back goes to the step before, a reload stays on this one.
    setSearchParams(next === 'garments' ? {} : { [STEP_PARAM]: next });
  };
  const offersShopFabric = useOffersShopFabric(order.items);
  const catalog = useCatalogRefresh();
  const placing = useOrderPlacing(order, draft, offersShopFabric, {
    onVisitRefused: (message) => {
      // The slot filled, started or closed meanwhile: say so in her language and let her pick again.
      setVisitNotice(message);
      setVisit(null);
      void slots.refetch();
      goTo('visit');
    },
    refreshFromCatalog: catalog.refresh,
  });
  const busy = placing.pending || catalog.refreshing;
  const empty = order.items.length === 0 || order.totalAmount <= 0;
  const data: StepData = { order, draft, offersShopFabric, profiles: profiles.data };

  const onNext = () => {
    if (empty || busy) return;
    const found =
      step === 'garments' && uploading > 0
        ? { key: 'tailoring.steps.pictureUploading' }
        : step === 'garments'
          ? garmentsProblem(
              draft,
              order.items.map((item) => item.productID),
              profiles.data,
              (id) =>
                productName(
                  order.items.find((item) => item.productID === id)!,
                  i18n.language,
                ),
            )
          : visitProblem(draft.visit, slots.data?.days);
    if (found) {
      setProblem(found);
      return;
    }
    const next = nextStep(step);
    if (next) goTo(next);
    else placing.place();
  };

  return (
    <div className="max-w-2xl">
      <PageTitle title={t('placeOrder.title')} />
      <PageHeading>{t('placeOrder.title')}</PageHeading>
      {catalog.changes && <OrderChanges changes={catalog.changes} hasItems={!empty} />}
      {empty ? (
        <>
          <EmptyState>{t('placeOrder.empty')}</EmptyState>
          <div className="mt-6">
            <GoBackLink />
          </div>
        </>
      ) : (
        <>
          <StepProgress step={step} />
          <CheckoutStepSection step={step} problem={problem}>
            {step === 'garments' && <GarmentsStep data={data} />}
            {step === 'visit' && (
              <VisitStep
                days={slots.data?.days}
                failed={slots.isError}
                visit={draft.visit}
                notice={visitNotice}
                onNoticeSeen={() => {
                  setVisitNotice(null);
                  setProblem(null);
                }}
              />
            )}
            {step === 'review' && <ReviewStep data={data} days={slots.data?.days} onChange={goTo} />}
          </CheckoutStepSection>
          <CheckoutBar
            totalRupees={order.totalAmount}
            back={
              previousStep(step) ? (
                <Button variant="secondary" className="min-h-11 shrink-0 px-4!" onClick={() => goTo(previousStep(step)!)}>
                  {t('tailoring.steps.back')}
                </Button>
              ) : (
                <GoBackLink />
              )
            }
            nextLabel={nextLabel(step, t, placing.pending, catalog.refreshing)}
            onNext={onNext}
            busy={busy}
          />
        </>
      )}
    </div>
  );
}

/** The bar's button: the step it leads to, or on the review 'Place Order' (its busy words while it runs). */
function nextLabel(step: CheckoutStep, t: TFunction, placing: boolean, refreshing: boolean): string {
  if (step === 'garments') return t('tailoring.steps.nextVisit');
  if (step === 'visit') return t('tailoring.steps.nextReview');
  return refreshing ? t('placeOrder.refreshing') : placing ? t('placeOrder.placing') : t('placeOrder.submit');
}

/** 'Go Back': to the cart, or home without an address. */
function GoBackLink() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Link to={user?.address ? paths.cartpage : paths.home} className={`${buttonClass.secondary} min-h-11 shrink-0 px-4!`}>
      {t('placeOrder.goBack')}
    </Link>
  );
}
