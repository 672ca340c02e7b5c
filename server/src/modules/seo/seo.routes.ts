import type { FastifyPluginAsync } from 'fastify';
import type { Catalog } from '../catalog/index.js';
import { robotsTxt, sitemapXml } from './seo.service.js';

/**
 * Crawler files at the site root (docs/product.md#share-previews), outside `/api`:
 * - `GET /sitemap.xml` → home, the public pages, every category and product (absolute URLs
 *   on PUBLIC_URL), `application/xml`, cacheable for an hour.
 * - `GET /robots.txt` → allow all but `/api/` and the signed-in screens; names the sitemap.
 * Each page's share-preview tags (`pageHead`, `headTags`) are written into it by the pages
 * module (modules/pages), which renders the page.
 */
export function seoRoutes(catalog: Catalog, publicUrl: string): FastifyPluginAsync {
  return async (app) => {
    app.get('/sitemap.xml', async (_request, reply) => {
      const snapshot = await catalog.get();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(snapshot, publicUrl));
    });

    app.get('/robots.txt', async (_request, reply) => {
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl));
    });
  };
}
