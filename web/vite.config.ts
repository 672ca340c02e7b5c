import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
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
    },
  },
});
