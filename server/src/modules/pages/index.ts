/**
 * The pages module (docs/architecture.md#rendering): the web app's pages rendered on the
 * server, with the answers each carries (page-answers.ts), the preloads of its largest picture
 * and its code (preloads.ts), its HTML (template.ts), and the routes that serve them. What
 * other code uses of it; the rest stays inside.
 */
export { createPageRenderer } from './page-renderer.js';
export { pageRedirectRoutes, pagesRoutes, sendNotFound } from './pages.routes.js';
export { pageData } from './page-answers.js';
export type { BuildManifest } from './preloads.js';
