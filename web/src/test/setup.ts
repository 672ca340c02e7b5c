import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../i18n';

// The app runs on Preact (vite.config.ts), which runs effects after the next frame; in a
// browser no click comes sooner. A test clicks as soon as an element appears, so effects run
// right after each render here (as React does before the next event), e.g. a mutation's
// subscription is in place before the test's click starts it.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

// Browser APIs jsdom lacks, which libraries ask for: react-hot-toast and motion ask whether
// motion is reduced ("no preference" here); embla, the carousel, observes sizes and visibility
// (never called back here).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver ??= NoObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver ??= NoObserver as unknown as typeof IntersectionObserver;

// Component tests render real English strings (the product's exact wording).
beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
