// @ts-check
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (web/src/features/<name>). */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * One lint configuration for the whole monorepo (`npm run lint`). typescript-eslint's
 * recommended rules without type information, so a lint of the whole tree stays a matter of
 * seconds; `npm run typecheck` (`tsc -p` of each workspace: contract, server, web, e2e) is what
 * checks types.
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
    // docs/architecture.md#code-shape: no import cycles anywhere, and a feature of the web app
    // never imports another feature; what two features share lives in web/src/lib (query keys,
    // the API client) or web/src/components, and pages in web/src/app put features together.
    // A feature's tests may import another feature, to check that the two work together (the
    // cart refreshing the catalog's recommendations).
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['web/tsconfig.json', 'server/tsconfig.json', 'contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FEATURES.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`],
            message:
              'A feature may not import another feature: move what both need to web/src/lib or web/src/components (docs/architecture.md#code-shape).',
          })),
        },
      ],
    },
  },
  {
    // The browser build resolves only the contract's single modules (web/vite.config.ts,
    // docs/decisions/013-first-load.md): a value imported from the package index does not
    // resolve in a production build, and would pull every schema into the first load.
    // Tests run in vitest, which resolves the index, so they may.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', 'web/src/**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@thaiyal/contract',
              allowTypeImports: true,
              message:
                'Import values from a single contract module (@thaiyal/contract/limits, …): the index does not resolve in the browser build.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md#http-api: every AppError the server throws names a catalogue message (the
    // contract's *_MESSAGES, or MESSAGES_WITH_DATA for one with data), so it carries its `reason`
    // and the web app can say it in the shopper's language; a literal text, a template or a
    // concatenation has no reason, and is refused. The command-line tools print their errors
    // to the shop owner's terminal, not to an API client; tests may throw what they like.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/cli/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='AppError'] > :matches(Literal, TemplateLiteral, BinaryExpression[operator='+']).arguments:nth-child(2)",
          message: "An AppError's message is a catalogue message from the contract (CATALOG_MESSAGES.x, …), never a literal text.",
        },
      ],
    },
  },
  {
    // Playwright specs run page functions in the browser.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
