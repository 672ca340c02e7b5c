import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../i18n';

// The app runs on Preact (vite.config.ts), which runs effects after the next frame; in a
// browser no click comes sooner. A test clicks as soon as an element appears, so effects run
// right after each render here (as React does before the next event), e.g. a mutation's
// subscription is in place before the test's click starts it.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

// Component tests render real English strings (SPEC's exact wording).
beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
