import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatRupees } from '../../../lib/text';

/** Props of the checkout's bottom bar. */
export interface CheckoutBarProps {
  /** The order's total in rupees. */
  totalRupees: number;
  /** The way back: the cart's link on the first step, a Back button after it. */
  back: ReactNode;
  /** The forward button's words, naming the step it leads to ("Next: visit") or 'Place Order'. */
  nextLabel: string;
  onNext: () => void;
  /** While the order is being placed: the button is disabled and busy. */
  busy?: boolean;
}

/**
 * Place Order's bottom bar (docs/product.md#place-order): it stays at the bottom of the screen
 * while she scrolls a step, with the order's total, "pay on delivery", the way back and the
 * button to the next step, which names that step, so a screen reader hears where it leads.
 */
export function CheckoutBar({ totalRupees, back, nextLabel, onNext, busy = false }: CheckoutBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className="sticky bottom-0 z-10 -mx-4 mt-6 space-y-2 border-t border-rose-900/10 bg-amber-50/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-t-xl"
      data-testid="checkout-bar"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-rose-950" data-testid="checkout-bar-total">
          {t('tailoring.steps.barTotal', { total: formatRupees(totalRupees) })}
        </p>
        <p className="text-xs text-stone-600">{t('tailoring.steps.payOnDelivery')}</p>
      </div>
      <div className="flex gap-2">
        {back}
        {/* It takes the room the way back leaves and may wrap: Tamil's 'Place Order' is one long word pair. */}
        <Button
          className="min-h-11 min-w-0 flex-1 px-3! text-center wrap-break-word"
          onClick={onNext}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {nextLabel}
        </Button>
      </div>
    </div>
  );
}
