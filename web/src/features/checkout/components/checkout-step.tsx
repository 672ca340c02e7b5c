import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_STEPS, type CheckoutStep, type StepProblem } from '../checkout-steps';

/** The steps in a row, the current one marked (`aria-current="step"`), each named in the page's language. */
export function StepProgress({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  const current = CHECKOUT_STEPS.indexOf(step);
  return (
    <ol className="mb-4 grid grid-cols-3 gap-2" aria-label={t('tailoring.steps.label')}>
      {CHECKOUT_STEPS.map((one, index) => (
        <li
          key={one}
          aria-current={one === step ? 'step' : undefined}
          className={`min-w-0 border-t-4 pt-1 text-xs wrap-break-word ${
            index <= current ? 'border-rose-800 font-semibold text-rose-950' : 'border-stone-300 text-stone-600'
          }`}
        >
          {t(`tailoring.steps.names.${one}`)}
        </li>
      ))}
    </ol>
  );
}

/** Props of one step's section. */
export interface CheckoutStepSectionProps {
  step: CheckoutStep;
  /** Why she could not go on from this step, shown under its heading and announced. */
  problem: StepProblem | null;
  children: ReactNode;
}

/**
 * One step of Place Order (docs/product.md#place-order): its heading ("Step 2 of 3" and the step's
 * name) receives focus when the step replaces another, so a keyboard or screen-reader user starts
 * reading the new step rather than the old button; not on the page's first drawing, which leaves
 * focus where the browser puts it.
 */
export function CheckoutStepSection({ step, problem, children }: CheckoutStepSectionProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  const number = CHECKOUT_STEPS.indexOf(step) + 1;
  return (
    <section aria-labelledby="checkout-step-heading" className="space-y-4">
      <h2
        id="checkout-step-heading"
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-24 text-xl font-semibold text-rose-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        <span className="block text-sm font-medium text-stone-600">
          {t('tailoring.steps.count', { n: number, total: CHECKOUT_STEPS.length })}
        </span>
        {t(`tailoring.steps.names.${step}`)}
      </h2>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {t(problem.key, problem.values)}
        </p>
      )}
      {children}
    </section>
  );
}
