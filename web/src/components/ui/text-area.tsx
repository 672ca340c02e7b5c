import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './field';

/** Props of a labelled multi-line input; the rest go to the `<textarea>` (e.g. react-hook-form's `register`). */
export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** A message shown under the field and announced; marks the field invalid. */
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A textarea with its visible label and error line, styled like `TextField` (every input has a
 * label: docs/product.md#accessibility): the one multi-line field of the shop and the admin
 * dashboard. `rows` is 5 unless given; `ref` and the rest go to the `<textarea>`.
 */
export function TextArea({ label, error, ref, className = '', rows = 5, ...props }: TextAreaProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          rows={rows}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40"
          {...control}
          {...props}
        />
      )}
    </Field>
  );
}
