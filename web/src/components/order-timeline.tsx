import type { Order, OrderEvent, SignOffStep } from '@thaiyal/contract';
import type { TFunction } from 'i18next';
import { formatShopTime } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import ordersEnglish from '../i18n/en-orders.json';
import { productName } from '../lib/product-text';

addEnglish(ordersEnglish);

/**
 * An order's timeline (docs/product.md#the-tailoring-workflow, docs/product.md#my-orders): every
 * step it reached, oldest first as the API answers them, named as a customer understands it
 * (`Order received - we will call you`, `Home visit done`, …) with its date and time. Shown to
 * the shopper in My Orders and to the admin on each order. With `items`, each garment measured at
 * the visit takes its place by its time (`Measurements taken: Silk Blouse`,
 * docs/product.md#the-measurement-book). With `signOff`, each ask for her approval and her answer,
 * with her comment (docs/product.md#sign-off-before-cutting); the owner's own record that she set
 * "designed" before the customer approved is shown only with `forOwner` (the owner's card), never
 * to the customer. Renders nothing for an empty timeline.
 */
export function OrderTimeline({
  timeline,
  items = [],
  signOff,
  forOwner = false,
}: {
  timeline: readonly OrderEvent[];
  items?: Order['items'];
  signOff?: Order['signOff'];
  forOwner?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (timeline.length === 0) return null;
  const steps = [
    ...timeline.map((event) => ({ at: event.at, text: t(`orderTimeline.steps.${event.status}`) })),
    ...items.flatMap((item) =>
      item.measured ? [{ at: item.measured.at, text: t('orderTimeline.measured', { name: productName(item, i18n.language) }) }] : [],
    ),
    ...(signOff?.steps ?? [])
      .filter((step) => forOwner || step.action !== 'designed-without-approval')
      .map((step) => ({ at: step.at, text: signOffStepText(t, step) })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <ol aria-label={t('orderTimeline.label')} className="flex flex-col gap-2 border-l-2 border-rose-200 pl-4 text-sm">
      {steps.map((event, index) => (
        <li key={`${event.at}-${index}`} className="relative min-w-0">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-rose-700" />
          <span className="block font-medium wrap-anywhere text-rose-950">{event.text}</span>
          <time dateTime={event.at} className="block text-stone-600">
            {formatShopTime(event.at, i18n.resolvedLanguage ?? i18n.language)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** One step of the sign-off before cutting as the timeline says it (docs/product.md#sign-off-before-cutting). */
function signOffStepText(t: TFunction, step: SignOffStep): string {
  switch (step.action) {
    case 'asked':
      return t(
        step.reason === 'price' || step.reason === 'measurements'
          ? `orderTimeline.signOff.askedAgain.${step.reason}`
          : 'orderTimeline.signOff.asked',
      );
    case 'approved':
      return t(step.via === 'phone' ? 'orderTimeline.signOff.approvedPhone' : 'orderTimeline.signOff.approved');
    case 'call-requested':
      return step.comment ? t('orderTimeline.signOff.callComment', { comment: step.comment }) : t('orderTimeline.signOff.call');
    case 'designed-without-approval':
      return t('orderTimeline.signOff.designedWithout');
  }
}
