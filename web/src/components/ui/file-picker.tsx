import { type ChangeEventHandler, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { focusRing } from './controls';
import { Field } from './field';

/** Props of a labelled file input. */
export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/** The native picker's own button, drawn as the shop's secondary button (44 px). */
const pickerButtonClass =
  'file:me-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-rose-100 file:px-4 file:py-2 file:font-semibold file:text-rose-900 hover:file:bg-rose-200';

/**
 * A file picker with its visible label, a hint and an error line (docs/product.md#accessibility):
 * the native input (it posts with a form, and says which file is chosen in the browser's own
 * language) in a dashed drop-box, its button in the shop's style, with a visible focus ring.
 */
export function FileField({ label, hint, error, ref, className = '', ...inputProps }: FileFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          ref={ref}
          type="file"
          className={`block w-full max-w-full rounded-lg border border-dashed border-stone-400 bg-white p-1.5 text-sm text-stone-700 ${pickerButtonClass} ${focusRing}`}
          {...control}
          {...inputProps}
        />
      )}
    </Field>
  );
}

/** Props of a file picker drawn as a button; the rest go to the native `<input type="file">`. */
export interface FileButtonProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The button's words (say, "Add a picture"), the input's accessible name. */
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file picker that looks like the shop's outlined button (docs/product.md#accessibility): the
 * native input is visually hidden inside its `<label>`, so a tap anywhere on the 44-px button opens
 * the picker, the keyboard reaches the input, and its focus shows as a ring on the button.
 */
export function FileButton({ label, ref, disabled, ...inputProps }: FileButtonProps) {
  return (
    <label
      className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-rose-800 bg-white px-4 py-2 text-sm font-semibold text-rose-900 hover:bg-rose-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700`}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-4">
        <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
      </svg>
      {label}
      <input ref={ref} type="file" className="sr-only" disabled={disabled} {...inputProps} />
    </label>
  );
}
