import type { OrderStatus } from '@thaiyal/contract';
import { ORDER_STATUSES } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';

/**
 * The four-step order tracker (docs/product.md#my-orders, docs/product.md#states-and-transitions Order status): call → home visit →
 * designed → delivered. Steps up to and including the current one are ticked; the current
 * step, unless delivered, carries a pulsing marker (still for shoppers who ask for reduced
 * motion). Screen readers hear each step's state and the current one as `aria-current="step"`.
 */
export function OrderTracker({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const currentIndex = ORDER_STATUSES.indexOf(status);
  return (
    <ol aria-label={t('orders.trackerLabel')} className="grid grid-cols-4 gap-x-1">
      {ORDER_STATUSES.map((step, index) => {
        const reached = index <= currentIndex;
        const current = index === currentIndex;
        return (
          <li
            key={step}
            aria-current={current ? 'step' : undefined}
            data-reached={reached || undefined}
            className="relative flex min-w-0 flex-col items-center gap-1.5 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={`absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2 ${index <= currentIndex ? 'bg-rose-700' : 'bg-stone-300'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 grid size-8 place-items-center rounded-full ${reached ? 'bg-rose-700 text-white' : 'bg-white text-stone-400 ring-2 ring-stone-300'}`}
            >
              {current && status !== 'delivered' && (
                <span
                  data-testid="tracker-pulse"
                  className="absolute inset-0 rounded-full bg-rose-500 opacity-60 motion-safe:animate-ping"
                />
              )}
              {reached ? <CheckIcon width={18} height={18} className="relative" /> : <span className="size-2 rounded-full bg-stone-300" />}
            </span>
            {/*
              Words stay whole (a Tamil word cut in two reads as two words): a label wraps only
              between its words, and each step's words are short enough for a quarter of a
              360-px phone (docs/product.md#languages).
            */}
            <span
              className={`max-w-full text-xs font-medium break-keep wrap-normal sm:text-sm ${reached ? 'text-rose-950' : 'text-stone-500'}`}
            >
              {t(`orders.steps.${step}`)}
            </span>
            <span className="sr-only">{t(reached ? 'orders.stepReached' : 'orders.stepPending')}</span>
          </li>
        );
      })}
    </ol>
  );
}
