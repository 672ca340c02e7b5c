import type { EmblaCarouselType } from 'embla-carousel';
import type { KeyboardEvent } from 'react';

/**
 * A `keydown` handler for a carousel's region (docs/product.md#accessibility: carousels work from the keyboard):
 * ArrowLeft shows the previous slide, ArrowRight the next (wrapping when the carousel loops).
 * Keys typed into a form field are left alone.
 */
export function carouselArrowKeys(emblaApi: EmblaCarouselType | undefined) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!emblaApi || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      emblaApi.scrollNext();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      emblaApi.scrollPrev();
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
