import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const contractSrc = fileURLToPath(new URL('../contract/src/', import.meta.url));

/**
 * `@thaiyal/contract/{account,admin,catalog,contact,images,limits,money,order,product}` resolve to single contract modules.
 * The package index re-exports every schema, and top-level schema chains cannot be
 * tree-shaken, so a constant imported through the index would put zod and every schema
 * (about 25 KiB gzip) into the home page's first load (docs/decisions/013-first-load.md). Type-only
 * imports still use `@thaiyal/contract`. Mirrored by `paths` in tsconfig.json; if the
 * contract package gains these subpath exports, this alias can go.
 */
export const contractSubpathAlias = {
  find: /^@thaiyal\/contract\/(account|admin|catalog|contact|images|limits|money|order|product)$/,
  replacement: `${contractSrc}$1.ts`,
};

/**
 * The app is written against React's API and types but runs on Preact through `preact/compat`
 * (docs/decisions/013-first-load.md): react-dom 19 alone is about 60 KiB gzip, preact/compat about 10,
 * and the home page's whole JS budget is 90. Every import of `react`, `react-dom` and their
 * entry points, the app's and its libraries' alike, resolves to Preact; the JSX runtime too.
 * The web unit tests (vitest.config.ts) use the same aliases, so they test what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // react-i18next's shim for React 17; preact/compat has useSyncExternalStore itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * JSX compiled for Preact's automatic runtime by Vite's own transform (no React plugin: its
 * Fast Refresh needs react-dom; in development an edit reloads the page).
 */
export const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;

/**
 * Puts every module the entry imports statically (what the first page load runs) into one
 * chunk (docs/decisions/013-first-load.md). Left alone, the bundler gives each module that the entry
 * shares with a lazily loaded page a chunk of its own: a dozen small files, each a request,
 * and on a phone over HTTP/1.1 every six requests cost another round trip before the first
 * paint. Lazily loaded pages import what they share from that one chunk.
 * `plugin` collects the entry's static graph once the module graph is known; `test` is the
 * code-splitting group's test, asked afterwards.
 */
function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const firstLoad = new Set<string>();
  return {
    plugin: {
      name: 'thaiyal:first-load-chunk',
      apply: 'build',
      buildEnd() {
        firstLoad.clear();
        const visit = (id: string) => {
          if (firstLoad.has(id)) return;
          firstLoad.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      },
    },
    test: (id) => firstLoad.has(id),
  };
}

const firstLoad = firstLoadChunk();

/**
 * Every script and stylesheet of the build also as `.br` (brotli 11) and `.gz` (gzip 9), which
 * the server sends as they are (@fastify/static `preCompressed`) to browsers that accept them
 * (docs/performance.md#images-and-caching): about a seventh smaller than the brotli 5 the server can afford per request,
 * and no CPU per request. index.html is not among them: the server writes each page's head.
 */
const precompressed = compression({
  include: /\.(js|css)$/,
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

/** The API server during development (docs/architecture.md#http-api: PORT defaults to 3000). */
const devApiTarget = 'http://localhost:3000';

/**
 * Vite build of the Thaiyal SPA (docs/architecture.md#packages). The server serves `web/dist` with an
 * index.html fallback, so the app is built for `/`. Routes other than home and category are
 * split by `lazy()` in the router, and the home page's first load is held to docs/decisions/013-first-load.md budgets by e2e/tests/budget.spec.ts.
 */
export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [tailwindcss(), firstLoad.plugin, precompressed],
  oxc: preactJsx,
  resolve: { alias: [contractSubpathAlias, ...preactAliases] },
  server: {
    proxy: {
      '/api': { target: devApiTarget, changeOrigin: false },
      '/uploads': { target: devApiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads a lazily loaded page's chunks with the entry
    // on a first visit (server/src/modules/seo/seo.service.ts pageModulePreloads).
    manifest: true,
    rolldownOptions: {
      // No `treeshake.manualPureFunctions: ['z']` for zod's builders: it goes by name, and
      // Preact's minified diff function is also called `z` (the app rendered nothing). The
      // home page's contract modules (catalog, images, limits) do not import zod anyway.
      // React Server Components' "use client" marks (TanStack Query's modules) mean nothing in
      // a client-only bundle; the React plugin used to hide these warnings the same way.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        // React Router reads React 19's `useOptimistic` by name and falls back when it is
        // missing, as it is in preact/compat.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // zod serves the forms of several lazily loaded pages (sign-in, checkout, admin,
        // contact); its own chunk keeps one copy, fetched only with a form, never on home.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'app', test: firstLoad.test, priority: 1 },
          ],
        },
      },
    },
  },
});
