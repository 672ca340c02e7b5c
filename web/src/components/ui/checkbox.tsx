import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { checkboxClass } from './controls';

/** Props of a labelled checkbox; the rest go to the native `<input type="checkbox">` (e.g. react-hook-form's `register`). */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** A line under the label that says what the choice means. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A checkbox with its label as one 44-px target (docs/product.md#accessibility): a native input
 * (so it posts with a form and needs no JavaScript) drawn in the shop's colours, its tick an SVG
 * shown by CSS alone when checked, and a visible focus ring.
 */
export function Checkbox({ label, hint, ref, className = '', ...inputProps }: CheckboxProps) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-center gap-3 text-stone-800 has-[:disabled]:cursor-not-allowed ${className}`}>
      <span className="relative inline-grid size-5 shrink-0 place-items-center">
        <input ref={ref} type="checkbox" className={checkboxClass} {...inputProps} />
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute size-3.5 text-white opacity-0 peer-checked:opacity-100"
        >
          <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="min-w-0 wrap-break-word">
        {label}
        {hint && <span className="block text-sm text-stone-600">{hint}</span>}
      </span>
    </label>
  );
}
