import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const contractSrc = fileURLToPath(new URL('../contract/src/', import.meta.url));

/**
 * `@thaiyal/contract/{account,admin,catalog,contact,images,limits,order,product}` resolve to single contract modules.
 * The package index re-exports every schema, and top-level schema chains cannot be
 * tree-shaken, so a constant imported through the index would put zod and every schema
 * (about 25 KiB gzip) into the home page's first load (issue "Performance" §3). Type-only
 * imports still use `@thaiyal/contract`. Mirrored by `paths` in tsconfig.json; if the
 * contract package gains these subpath exports, this alias can go.
 */
export const contractSubpathAlias = {
  find: /^@thaiyal\/contract\/(account|admin|catalog|contact|images|limits|order|product)$/,
  replacement: `${contractSrc}$1.ts`,
};

/** The API server during development (DESIGN.md: PORT defaults to 3000). */
const devApiTarget = 'http://localhost:3000';

/**
 * Vite build of the Thaiyal SPA (DESIGN.md Architecture). The server serves `web/dist` with an
 * index.html fallback, so the app is built for `/`. Routes other than home, category and
 * product detail are split by `lazy()` in the router (issue "Performance" §3).
 */
export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: { alias: [contractSubpathAlias] },
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
    rolldownOptions: {
      // The contract's zod schemas are built at module top level; marking zod's builders pure
      // lets pages that only need the contract's constants (categories, limits, image URLs)
      // leave zod out of their chunk. Forms, which validate with the schemas, still get it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // zod is reachable from the entry (the contract's catalog module imports it), so
        // without its own chunk it would be placed, whole, in the entry chunk; only the
        // lazily loaded forms actually use it.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
