// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint configuration for the whole monorepo (`npm run lint`). typescript-eslint's
 * recommended rules without type information, so a lint of the whole tree stays a matter of
 * seconds; `npm run typecheck` (tsc -b) is what checks types.
 */
export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/migrations/**',
      '**/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/data/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark a deliberately unused parameter or destructured rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `catch {}` with a comment, or `.catch(() => {})` on best-effort cleanup, is deliberate.
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    // The web app runs in the browser; its hooks follow React's rules.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Resetting UI state when the route changes (closing the drawer, docs/product.md#screens) is an effect
      // that follows an outside system, the router; a warning keeps the advice visible.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  {
    // Playwright specs run page functions in the browser.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
