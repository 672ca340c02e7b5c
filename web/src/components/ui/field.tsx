import { useId, type ReactNode } from 'react';

/** What a {@link Field} hands its control: the id its label points to and the ARIA that ties the hint and error to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Props of {@link Field}. */
export interface FieldProps {
  label: string;
  /** A line under the control that explains it (read with it: `aria-describedby`). */
  hint?: string | undefined;
  /** A message shown under the control and announced; marks the control invalid. */
  error?: string | undefined;
  className?: string;
  /** Draws the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The frame every labelled control of the shop shares (docs/product.md#accessibility): a visible
 * `<label>` above the control, an optional hint and an error line under it, both named by the
 * control's `aria-describedby`, and `aria-invalid` while there is an error. The text field, the
 * multi-line field, the select and the file picker draw their control inside it.
 */
export function Field({ label, hint, error, className = '', children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
