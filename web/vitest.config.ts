import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { contractSubpathAlias } from './vite.config.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web project of the root vitest run: component tests in jsdom on React's development
 * build, which reports hydration mismatches and other warnings that the production build
 * keeps quiet (docs/architecture.md#testing).
 */
export default defineProject({
  plugins: [react()],
  resolve: { alias: [contractSubpathAlias] },
  test: {
    name: 'web',
    root: webDir,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
