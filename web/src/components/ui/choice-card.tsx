import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { radioDotClass } from './controls';

/** Props of a choice card; the rest go to the native `<input type="radio">` (`name`, `checked`, `onChange`, `disabled`…). */
export interface ChoiceCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** What the choice is, the radio's accessible name. */
  label: ReactNode;
  /** A second line: what the choice means or costs, or why it cannot be chosen. */
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * One choice of a radio group drawn as a large tappable card (docs/product.md#accessibility): the
 * whole card is the radio's `<label>` (at least 44 px high), a chosen card has a rose border and
 * tint besides its filled radio (never colour alone), a focused one a visible ring, a disabled one
 * is greyed. The radio stays native underneath: arrow keys move within its `name`, and a form
 * without JavaScript still posts it. Its name is the label alone; the description is read after it
 * (`aria-describedby`), so "14:00-17:00" is announced, then "2 places left".
 */
export function ChoiceCard({ label, description, ref, className = '', ...inputProps }: ChoiceCardProps) {
  const id = useId();
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border-2 border-stone-200 bg-white p-3 text-stone-900 has-[:checked]:border-rose-800 has-[:checked]:bg-rose-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-stone-200 has-[:disabled]:bg-stone-100 has-[:disabled]:text-stone-500 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700 ${className}`}
    >
      <input
        ref={ref}
        type="radio"
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={`${radioDotClass} mt-0.5`}
        {...inputProps}
      />
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block font-medium wrap-break-word">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="block text-sm text-stone-600">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
