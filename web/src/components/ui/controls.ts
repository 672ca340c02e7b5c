/**
 * The look shared by the shop's own form controls (docs/product.md#accessibility): every target
 * at least 44 px high, a visible focus ring in the shop's rose, and a clear checked state. The
 * inputs stay native underneath (a form works without JavaScript, a screen reader names them by
 * their `<label>`, arrow keys move between radios); only their drawing is the shop's.
 */
export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * A native radio drawn as a ring that fills with the shop's rose, 20 px, when checked; without a
 * focus ring of its own, for a radio whose card ({@link ChoiceCard}) shows the focus.
 */
export const radioDotClass =
  'size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-stone-400 bg-white checked:border-rose-800 checked:bg-rose-800 checked:shadow-[inset_0_0_0_3px_white] focus-visible:outline-none disabled:cursor-not-allowed disabled:border-stone-300 disabled:bg-stone-100';

/** A native checkbox drawn as a rounded square that fills with the shop's rose when checked (the tick is {@link Checkbox}'s). */
export const checkboxClass = `peer size-5 shrink-0 cursor-pointer appearance-none rounded border-2 border-stone-400 bg-white checked:border-rose-800 checked:bg-rose-800 disabled:cursor-not-allowed disabled:border-stone-300 disabled:bg-stone-100 ${focusRing}`;

/** A text-like control (a select): the same border, height and focus as `TextField`. */
export const fieldClass =
  'min-h-11 w-full max-w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40 disabled:cursor-not-allowed disabled:opacity-60';
