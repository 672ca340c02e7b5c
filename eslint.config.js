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

/** The server's module folders (server/src/modules/<name>). */
const SERVER_MODULES = readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which server module may import which, always through the other's index.ts
 * (docs/architecture.md#server-modules-and-their-edges lists the same edges and why). A module
 * missing here imports no other module. The graph has no cycle: admin → orders → visits, admin → measurements,
 * cart → catalog, wishlist → catalog, seo → catalog, pages → catalog, seo and auth (the session
 * hint cookie's name), api-docs → auth (the access token cookie's name).
 */
const SERVER_MODULE_EDGES = {
  admin: ['orders', 'measurements'],
  orders: ['visits'],
  cart: ['catalog'],
  wishlist: ['catalog'],
  seo: ['catalog'],
  pages: ['catalog', 'seo', 'auth'],
  'api-docs': ['auth'],
};

const SERVER_EDGES_MESSAGE =
  'A server module imports another only through its index.ts, and only along an edge of docs/architecture.md#server-modules-and-their-edges (SERVER_MODULE_EDGES): move what several modules need to server/src/platform or the contract.';

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
      // A function that does several things gets named steps before it passes 120 lines
      // (docs/architecture.md#code-shape); tests included, a describe holds one topic.
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
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
    // docs/architecture.md#code-shape: no import cycles anywhere (the web app's import zones and
    // the server's module edges follow in their own blocks).
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'server/test/**/*.ts', 'server/bench/**/*.ts', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['web/tsconfig.json', 'web/src/sw/tsconfig.json', 'server/tsconfig.json', 'contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // docs/architecture.md#code-shape: the web app's imports run one way, as bulletproof-react's
    // lint zones hold them: web/src/app → web/src/features → web/src/components, web/src/lib,
    // web/src/i18n, never back; and a feature never imports another feature, what two features
    // share living in web/src/lib or web/src/components, put together by pages in web/src/app.
    // One block holds every web zone, because a later block naming the same rule would replace
    // these zones rather than add to them. Tests are exempt: a test may put features or pages
    // together to check that they work together (the cart refreshing the catalog's
    // recommendations, every page's empty state in components/ui/empty-state.test.tsx).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web/src/features',
              from: './web/src/app',
              message:
                'A feature may not import from web/src/app: the page in web/src/app passes what the feature needs as props (docs/architecture.md#code-shape).',
            },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/i18n'],
              from: ['./web/src/app', './web/src/features'],
              message:
                'web/src/components, web/src/lib and web/src/i18n may not import from web/src/app or a feature: imports run app → features → components and lib (docs/architecture.md#code-shape).',
            },
            ...FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message:
                'A feature may not import another feature: move what both need to web/src/lib or web/src/components (docs/architecture.md#code-shape).',
            })),
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md#server-modules-and-their-edges: a server module is used by another only
    // through its index.ts, along the listed edges; platform/ and db/, which every module uses,
    // never import a module; the app and its plugins, the command-line tools, the demo loader, the
    // tests outside a module and the benchmarks take a module's index.ts too. Tests inside a module are held to the
    // same edges: shared test helpers live in server/test.
    files: ['server/src/**/*.ts', 'server/test/**/*.ts', 'server/bench/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_MODULES.map((module) => ({
              target: `./server/src/modules/${module}`,
              from: './server/src/modules',
              except: [`./${module}`, ...(SERVER_MODULE_EDGES[module] ?? []).map((other) => `./${other}/index.ts`)],
              message: SERVER_EDGES_MESSAGE,
            })),
            {
              target: ['./server/src/platform', './server/src/db'],
              from: './server/src/modules',
              message:
                'platform/ and db/ are what every module uses: they never import a module (docs/architecture.md#server-modules-and-their-edges). Move the piece down, or pass it in.',
            },
            {
              target: [
                './server/src/app.ts',
                './server/src/plugins',
                './server/src/cli',
                './server/src/demo',
                './server/test',
                './server/bench',
              ],
              from: './server/src/modules',
              except: SERVER_MODULES.map((module) => `./${module}/index.ts`),
              message: SERVER_EDGES_MESSAGE,
            },
          ],
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
