import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

/** Props of a labelled text input; the rest go to the `<input>` (e.g. react-hook-form's `register`). */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A message shown under the field and announced; marks the input invalid. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A text input with its visible label and error line (every input has a label: docs/product.md#accessibility). */
export function TextField({ label, error, ref, className = '', ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <input
          ref={ref}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40 read-only:bg-stone-100"
          {...control}
          {...inputProps}
        />
      )}
    </Field>
  );
}
