import { useId, type ChangeEventHandler, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

const controlClass =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** Props of a labelled select; the rest go to the `<select>` (e.g. react-hook-form's `register`). */
export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** A line under the select that explains its choices (read with it: `aria-describedby`). */
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/**
 * A select with its visible label, an optional hint and its error line (every input labelled).
 * The select never grows past its column: a phone's narrow form keeps it whole.
 */
export function SelectField({ label, hint, error, ref, className = '', children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass} max-w-full`}
        {...selectProps}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Props of a labelled file input. */
export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/** A file picker with its visible label, a hint and an error line. */
export function FileField({ label, hint, error, ref, className = '', ...inputProps }: FileFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-lg border border-dashed border-stone-400 bg-white p-2 text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-rose-100 file:px-4 file:py-2 file:font-semibold file:text-rose-900 hover:file:bg-rose-200 focus-visible:outline-3 focus-visible:outline-rose-700/40"
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
