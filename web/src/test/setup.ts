import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { addEnglish, initI18n } from '../i18n';
import { PAGE_ENGLISH } from '../i18n/english';

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
  // Components are tested alone, without the page module that brings their strings.
  for (const strings of PAGE_ENGLISH) addEnglish(strings);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
