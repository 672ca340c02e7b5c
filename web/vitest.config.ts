import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { contractSubpathAlias, preactAliases, preactJsx } from './vite.config.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/** Testing Library's ES module build: its main entry is CommonJS, whose `require('react')` no alias reaches. */
const testingLibraryEsm = join(
  dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);

/**
 * The web project of the root vitest run: component tests in jsdom (docs/architecture.md#code-shape Tests), on
 * Preact like the build (vite.config.ts). Libraries that import React are bundled by Vite
 * rather than loaded by Node, so the aliases reach their imports too.
 */
export default defineProject({
  oxc: preactJsx,
  resolve: {
    // ES module builds first (React Router's `node` build is CommonJS, out of the aliases' reach).
    conditions: ['module', 'browser', 'development'],
    alias: [contractSubpathAlias, ...preactAliases, { find: /^@testing-library\/react$/, replacement: testingLibraryEsm }],
  },
  test: {
    name: 'web',
    root: webDir,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /react-i18next/,
          /@tanstack\/react-query/,
          /react-hot-toast/,
          /react-hook-form/,
          /@hookform\/resolvers/,
          /embla-carousel-react/,
          /motion/,
          /framer-motion/,
          /goober/,
        ],
      },
    },
  },
});
