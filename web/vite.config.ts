import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { installablePlugins } from './pwa-build.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const contractSrc = fileURLToPath(new URL('../contract/src/', import.meta.url));

/**
 * `@thaiyal/contract/{account,admin,catalog,contact,dates,images,installable,limits,measurements,money,order,pages,paging,product,reports,service-area,share-link,sign-off,visits}` resolve to single contract modules.
 * The package index re-exports every schema, and top-level schema chains cannot be
 * tree-shaken, so a constant imported through the index would put zod and every schema
 * (about 25 KiB gzip) into the home page's first load (docs/decisions/013-first-load.md). Type-only
 * imports still use `@thaiyal/contract`. Mirrored by `paths` in tsconfig.json; if the
 * contract package gains these subpath exports, this alias can go.
 */
export const contractSubpathAlias = {
  find: /^@thaiyal\/contract\/(account|admin|catalog|contact|dates|images|installable|limits|measurements|money|order|pages|paging|product|reports|service-area|share-link|sign-off|visits)$/,
  replacement: `${contractSrc}$1.ts`,
};

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

/** Where the server-rendering build goes (`vite build --ssr`): server/src/modules/pages/page-renderer.ts imports it. */
export const SSR_OUT_DIR = 'dist/server';

/**
 * Vite builds of the Thaiyal web app (docs/architecture.md#rendering,
 * docs/decisions/018-react-rendered-on-the-server.md):
 * - `vite build`: the browser's app in `dist` (index.html, hashed assets, the manifest the
 *   server preloads lazily loaded pages' chunks from). Routes other than home, category and
 *   product are split by `lazy()`, and the home page's first load is held to its budgets by
 *   e2e/tests/budget.spec.ts.
 * - `vite build --ssr src/entry-server.tsx`: the same components as one ES module for Node in
 *   `dist/server`, every library bundled in (the server imports it at run time and needs
 *   neither Vite nor the web package's dependencies), React's production build.
 * - `vite` (npm run dev): the browser's app with React Fast Refresh, the API proxied to the
 *   server on port 3000; pages are drawn in the browser only.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: webDir,
  base: '/',
  // The service worker, offline pages and icons are the browser's (pwa-build.ts): the server rendering gets none.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [firstLoad.plugin, precompressed, ...installablePlugins(join(webDir, 'dist'))])],
  resolve: { alias: [contractSubpathAlias] },
  // Every import bundled (no node_modules at run time); React's production build on the server
  // (its development build with `--mode development`, for the web tests' hydration check).
  ssr: { noExternal: true, target: 'node' },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') } : {},
  server: {
    proxy: {
      '/api': { target: devApiTarget, changeOrigin: false },
      '/uploads': { target: devApiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        minify: false,
        copyPublicDir: false,
        rolldownOptions: {
          output: { entryFileNames: '[name].js' },
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
            warn(warning);
          },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        target: 'es2022',
        sourcemap: false,
        // dist/.vite/manifest.json: the server preloads a lazily loaded page's chunks with the
        // entry on a first visit (server/src/modules/pages/preloads.ts `modulePreloads`).
        manifest: true,
        rolldownOptions: {
          // React Server Components' "use client" marks (TanStack Query's modules) mean nothing
          // in an app without server components.
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
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
}));
