import { cleanup } from '@testing-library/react';
import { MotionGlobalConfig } from 'motion/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { addEnglish, initI18n } from '../i18n';
import { PAGE_ENGLISH } from '../i18n/english';
import { takeUnknownRequests } from './mock-api';

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
// Animations end at once: what a test waits for (the drawer gone after its exit slide) is the
// state the animation ends in, never how long a spring takes on a busy machine.
MotionGlobalConfig.skipAnimations = true;
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

beforeEach(() => {
  takeUnknownRequests();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A request the test's mockApi has no route for fails the test, even when the app caught the
  // rejected fetch and carried on: the test did not say what the server answers.
  const [unknown] = takeUnknownRequests();
  if (unknown) throw unknown;
});
