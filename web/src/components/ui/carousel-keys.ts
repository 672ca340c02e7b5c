import type { KeyboardEvent } from 'react';
import type { WithCarousel } from './use-deferred-embla';

/**
 * A `keydown` handler for a carousel's region (docs/product.md#accessibility: carousels work from the keyboard):
 * ArrowLeft shows the previous slide, ArrowRight the next (wrapping when the carousel loops).
 * Keys typed into a form field are left alone. A key pressed before the carousel has started
 * starts it and then moves it (useDeferredEmbla's `withCarousel`).
 */
export function carouselArrowKeys(withCarousel: WithCarousel) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      withCarousel((api) => api.scrollNext());
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      withCarousel((api) => api.scrollPrev());
    }
  };
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal that is not a native `<dialog>`):
 * from the last focusable element Tab goes to the first, and back.
 */
export function trapTab(event: globalThis.KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = [
    ...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])'),
  ];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
