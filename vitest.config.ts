import { defineConfig } from 'vitest/config';

/**
 * Every vitest suite of the monorepo (docs/architecture.md#testing): contract and server in Node
 * (server tests use buildApp + inject on a real database), web in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
