import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, PAGE_REDIRECTS } from '@thaiyal/contract';
import { precompressed } from '../../platform/compression.js';
import { SESSION_HINT_COOKIE } from '../auth/index.js';
import { requestLanguage } from '../../platform/request-language.js';
import type { PageRenderer } from './page-renderer.js';

/**
 * The answer to a path that is no page, no API route and no file: 404
 * `{message: 'Not found', code: 'not_found'}` as JSON (docs/architecture.md#http-api).
 */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: 'Not found', code: 'not_found' });
}

/** Whether `path` is the API's (but the reset-password page under it) or an uploaded file's: never a page. */
function isApiOrFile(path: string): boolean {
  return (path.startsWith('/api/') && !path.startsWith('/api/reset/')) || path.startsWith('/uploads/');
}

/**
 * The handler of `GET /*` (docs/architecture.md#rendering): the page at the request's path,
 * rendered by `renderer` in the shopper's language (the language cookie, else Accept-Language:
 * {@link requestLanguage}) and with the session hint; 404 with the not-found page for a page
 * that is not found, a 302 for a signed-in page asked for by a visitor, and the JSON 404
 * ({@link sendNotFound}) for an API path or file that no other route answered. A catalog page
 * is sent compressed once per catalog change (docs/performance.md).
 */
function servePage(renderer: PageRenderer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt >= 0 ? request.url.slice(0, queryAt) : request.url;
    if (isApiOrFile(path)) return sendNotFound(reply);
    const page = await renderer.render({
      path,
      url: request.url,
      language: requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']),
      signedIn: request.cookies[SESSION_HINT_COOKIE] !== undefined,
    });
    // The page follows the language cookie or Accept-Language, and the session hint.
    reply.header('vary', 'cookie, accept-language').header('cache-control', 'no-cache');
    if (page.redirect) return reply.redirect(page.redirect, 302);
    reply.status(page.status).type('text/html; charset=utf-8');
    // The catalog's pages are compressed once per catalog change, not per request (docs/performance.md).
    const encoded = page.shared ? precompressed(request, page, page.html) : undefined;
    if (encoded) return reply.header('content-encoding', encoded.encoding).send(encoded.body);
    return reply.send(page.html);
  };
}

/**
 * `GET /*`: every path but the API's and the files' is a page of the web app (the contract's
 * page table), including `/api/reset/{token}`, rendered on the server ({@link servePage}). A
 * route, not the not-found handler, so the page is compressed like every answer; files and
 * API paths still miss with the JSON 404. Needs `@fastify/cookie`.
 */
export function pagesRoutes(renderer: PageRenderer): FastifyPluginAsync {
  return async (app) => {
    app.get('/*', servePage(renderer));
  };
}

/**
 * Paths kept for old links, such as the correct spelling of the artisans' page
 * (`GET /opportunities`), answer a permanent redirect (301) to their page, with the query
 * string, from the server itself, so they work before any script runs and search engines keep
 * one address (contract `PAGE_REDIRECTS`; docs/product.md#information-pages).
 */
export const pageRedirectRoutes: FastifyPluginAsync = async (app) => {
  for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
    app.get(from, async (request: FastifyRequest, reply: FastifyReply) => {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(`${to}${queryAt >= 0 ? request.url.slice(queryAt) : ''}`, 301);
    });
  }
};
