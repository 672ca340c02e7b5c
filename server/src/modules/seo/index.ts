/**
 * The SEO module (docs/product.md#share-previews): each page's share-preview head and the
 * crawler files (sitemap, robots.txt). What other code uses of it; the rest stays inside.
 */
export { seoRoutes } from './seo.routes.js';
export { catalogPage, catalogPagePath, escapeHtml, headTags, pageHead, type CatalogPage, type PageHead } from './seo.service.js';
