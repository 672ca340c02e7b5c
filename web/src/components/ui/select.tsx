import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';
import { fieldClass } from './controls';

/** Props of a bare select (its label is the caller's); the rest go to the native `<select>`. */
export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/**
 * A native `<select>` drawn as the shop's fields are (docs/product.md#accessibility): 44 px high,
 * the browser's arrow replaced by the shop's chevron (room kept for it, so a long Tamil option is
 * cut before it, never under it), a visible focus ring; never wider than its column. The caller
 * gives it a `<label>` (or use {@link SelectField}).
 */
export function Select({ ref, className = '', children, ...selectProps }: SelectProps) {
  return (
    <span className={`relative block max-w-full ${className}`}>
      <select ref={ref} className={`${fieldClass} cursor-pointer appearance-none truncate pr-10`} {...selectProps}>
        {children}
      </select>
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        focusable="false"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-rose-900"
      >
        <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** Props of a labelled select; the rest go to the `<select>` (e.g. react-hook-form's `register`). */
export interface SelectFieldProps extends SelectProps {
  label: string;
  /** A line under the select that explains its choices (read with it: `aria-describedby`). */
  hint?: string;
  error?: string | undefined;
}

/**
 * A {@link Select} with its visible label, an optional hint and its error line (every input
 * labelled, docs/product.md#accessibility). The select never grows past its column: a phone's
 * narrow form keeps it whole.
 */
export function SelectField({ label, hint, error, ref, className = '', children, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Select ref={ref} {...control} {...selectProps}>
          {children}
        </Select>
      )}
    </Field>
  );
}
