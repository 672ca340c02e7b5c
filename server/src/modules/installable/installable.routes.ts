import type { FastifyPluginAsync } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE } from '@thaiyal/contract';
import { requestLanguage } from '../../platform/request-language.js';
import { webAppManifest } from './installable.service.js';

/**
 * `GET /manifest.webmanifest[?lang=en|ta]` (docs/product.md#installing-the-shop): the web app
 * manifest ({@link webAppManifest}) as `application/manifest+json`, in the language `lang` names
 * (each page links it with its own language), else the shopper's (the language cookie, else
 * Accept-Language, as pages are); any other `lang` is ignored rather than refused, as a
 * browser's request for the manifest shows no error to anyone. `no-cache`: a browser asks again,
 * and so sees a new name or icon.
 */
export const installableRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { lang?: unknown } }>('/manifest.webmanifest', async (request, reply) => {
    const asked = request.query.lang;
    const language = isLanguage(asked) ? asked : requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-language')
      .send(JSON.stringify(webAppManifest(language)));
  });
};
