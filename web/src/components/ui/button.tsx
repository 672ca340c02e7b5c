import type { ButtonHTMLAttributes } from 'react';

/** Class names of the shop's buttons: a filled primary and an outlined secondary. */
export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-full bg-rose-800 px-5 py-2.5 font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-full border border-rose-800 px-5 py-2.5 font-semibold text-rose-900 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:cursor-not-allowed disabled:opacity-60',
} as const;

/** A button in one of the shop's two styles. */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass }) {
  return <button type={type} className={`${buttonClass[variant]} ${className}`} {...props} />;
}
