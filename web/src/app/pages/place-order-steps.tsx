import type { MeasurementProfile, VisitBody, VisitDaysResponse } from '@thaiyal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { visitDateText } from '../../components/stitching-summary';
import { ProductImage } from '../../features/catalog/components/product-image';
import { lineDraft, lineFabric, setNeededBy, setVisit, type CheckoutDraft } from '../../features/checkout/checkout-draft';
import { orderQuoteQuery } from '../../features/checkout/api/quote';
import { OrderDatesSection } from '../../features/checkout/components/order-dates-step';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import type { CheckoutStep } from '../../features/checkout/checkout-steps';
import { OrderReview } from '../../features/checkout/components/order-review';
import { StitchingEditor } from '../../features/checkout/components/stitching-editor';
import { VisitPicker } from '../../features/checkout/components/visit-picker';
import type { TemporaryOrder, TemporaryOrderItem } from '../../features/checkout/temporary-order';
import { paths } from '../../lib/paths';
import { productName } from '../../lib/product-text';
import { orderBody } from './place-order-actions';

/** A line picture on the checkout's steps. */
function linePicture(url: string, alt: string) {
  return <ProductImage url={url || undefined} alt={alt} sizes="64px" />;
}

/** What every step of Place Order reads: the order, the draft and what the catalog says of each line. */
export interface StepData {
  order: TemporaryOrder;
  draft: CheckoutDraft;
  /** Whether each line's product offers the shop's fabric, by product id. */
  offersShopFabric: Map<string, boolean>;
  /** Her measurement profiles, undefined while loading. */
  profiles: readonly MeasurementProfile[] | undefined;
}

/**
 * Step 1, for whom and fabric (docs/product.md#stitching-details): each line (picture, name,
 * price, quantity, subtotal) with its stitching details: a profile or "measure at the visit", the
 * fabric as cards (the shop's where the price includes it), lining, notes and reference pictures.
 */
export function GarmentsStep({ data }: { data: StepData }) {
  const { i18n } = useTranslation();
  const { order, draft, offersShopFabric, profiles } = data;
  return (
    <OrderReview
      order={order}
      showTotal={false}
      renderPicture={linePicture}
      renderLineExtra={(item) => (
        <StitchingEditor
          productId={item.productID}
          productName={productName(item, i18n.language)}
          line={lineDraft(draft, item.productID)}
          profiles={profiles ?? []}
          offersShopFabric={offersShopFabric.get(item.productID) ?? false}
          profilesHref={paths.measurementsReturningTo(paths.placeorder)}
        />
      )}
    />
  );
}

/**
 * Step 2, the home visit (docs/product.md#home-visit-slot): the day shown is the one she picked,
 * else the first with an open slot; picking another day drops a visit on the day left. Picking a
 * visit clears the notice of a refused one.
 */
export function VisitStep({
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

/** A line's stitching in a few words on the review: for whom, and lining. */
function lineSummary(item: TemporaryOrderItem, data: StepData, t: ReturnType<typeof useTranslation>['t']): string {
  const line = lineDraft(data.draft, item.productID);
  const profile = data.profiles?.find((one) => one._id === line.profileId);
  return [
    profile ? t('tailoring.summaryFor', { name: profile.name }) : t('tailoring.summaryAtVisit'),
    line.lining ? t('tailoring.summaryLining') : t('tailoring.summaryNoLining'),
  ].join(' · ');
}

/**
 * When she needs it (docs/product.md#dates-a-tailor-promises): her function date and the shop's
 * ready-by date for the order as it stands (`POST /api/orders/quote`, asked again whenever a
 * line, the visit or the date changes), with the shop's call and WhatsApp links when it comes late.
 */
function DatesOfOrder({ data, today }: { data: StepData; today: string | undefined }) {
  const body = orderBody(data.order, data.draft, data.offersShopFabric);
  const quote = useQuery(orderQuoteQuery(body));
  // The footer has the shop's contact points already on a real page: read them, do not ask again.
  const shop = useQuery({ ...shopInfoQuery, enabled: false }).data;
  return (
    <OrderDatesSection
      today={today}
      neededBy={data.draft.neededBy ?? null}
      onNeededBy={setNeededBy}
      quote={quote.data}
      loading={quote.isPending}
      phoneHref={shop?.phoneHref}
      whatsappHref={shop?.whatsappHref}
    />
  );
}

/**
 * Step 3, the review (docs/product.md#place-order): each line with whose fabric it is made with
 * (the shop's where the price pays for it, unless she chose her own), for whom and lining; the
 * visit chosen (or that the shop will call); each with a way back to change it; her function date
 * and the ready-by date (docs/product.md#dates-a-tailor-promises); then the total, paid in cash on delivery.
 */
export function ReviewStep({
  data,
  days,
  onChange,
}: {
  data: StepData;
  days: VisitDaysResponse['days'] | undefined;
  onChange: (step: CheckoutStep) => void;
}) {
  const { t, i18n } = useTranslation();
  const { draft, offersShopFabric } = data;
  const visit = draft.visit;
  const slot = visit && days?.find((day) => day.date === visit.date)?.slots.find((one) => one.id === visit.slotId);
  return (
    <div className="space-y-4">
      <OrderReview
        order={data.order}
        renderPicture={linePicture}
        renderLineDetail={(item) => (
          <>
            {/* Whose fabric the price pays for, in force even if she never opened the choice. */}
            <p className="text-stone-700" data-testid={`line-fabric-${item.productID}`}>
              {lineFabric(lineDraft(draft, item.productID), offersShopFabric.get(item.productID) ?? false) === 'shop'
                ? t('tailoring.summaryShop')
                : t('tailoring.summaryOwn')}
            </p>
            <p className="text-stone-700">{lineSummary(item, data, t)}</p>
          </>
        )}
      />
      <Button variant="secondary" className="min-h-11" onClick={() => onChange('garments')}>
        {t('tailoring.steps.changeGarments')}
      </Button>
      <section className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" aria-labelledby="review-visit">
        <h3 id="review-visit" className="font-semibold text-rose-950">
          {t('tailoring.visitHeading')}
        </h3>
        <p data-testid="review-visit">
          {visit
            ? t('tailoring.visitWhen', { date: visitDateText(visit.date, i18n.language), slot: slot?.label ?? '' })
            : t('tailoring.visitCall')}
        </p>
        <Button variant="secondary" className="min-h-11" onClick={() => onChange('visit')}>
          {t('tailoring.steps.changeVisit')}
        </Button>
      </section>
      {/* The visit days start at the shop's today. */}
      <DatesOfOrder data={data} today={days?.[0]?.date} />
    </div>
  );
}
