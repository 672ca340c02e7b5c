import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  matchPage,
  PAGES,
  readListQuery,
  type Language,
  type PageId,
  type PageRenderResult,
  type PageRoute,
  type RenderPage,
} from '@thaiyal/contract';
import type { Catalog, CatalogSnapshot } from '../catalog/index.js';
import { catalogPage, catalogPagePath, pageHead } from '../seo/index.js';
import { narrowsList, pageData, type SearchProducts } from './page-answers.js';
import { modulePreloads, pageImagePreloads, TAMIL_STRINGS_MODULE, type BuildManifest } from './preloads.js';
import { fillTemplate } from './template.js';

/**
 * The web app's pages rendered on the server (docs/architecture.md#rendering,
 * docs/decisions/018-react-rendered-on-the-server.md): the built `index.html` with the page's
 * head, preloads, data and the markup of `web/dist/server/entry-server.js` (the web app's own
 * components, built by `vite build --ssr`) inside `<div id="root">`, which the browser hydrates.
 */

/** Where, inside the web build, the server rendering's entry is (web/vite.config.ts `SSR_OUT_DIR`). */
const SSR_ENTRY = join('server', 'entry-server.js');

/** One request for a page. */
export interface PageRequest {
  /** The path, without the query string (as asked for, not decoded). */
  path: string;
  /** The path with its query string. */
  url: string;
  language: Language;
  /** Whether the request carries the session hint cookie. */
  signedIn: boolean;
}

/** A rendered page. */
export interface RenderedPage {
  html: string;
  /** 200, or 404 for a page that is not found. */
  status: number;
  /** When set, the answer is a redirect (302) there instead of `html`. */
  redirect?: string;
  /**
   * The same object is answered for this page until the catalog changes (home, a category, a
   * product, the featured row, at their canonical path: the pages shared links and first visits
   * land on, one per language and signed-in-or-not), so it may be compressed once and kept with
   * it (platform/compression.ts `precompressed`). False for other pages, rendered afresh.
   */
  shared: boolean;
}

/** Renders the web app's pages. */
export interface PageRenderer {
  /** The page for `request`; rejects only when index.html cannot be read. */
  render(request: PageRequest): Promise<RenderedPage>;
}

/** What {@link createPageRenderer} renders from. */
export interface PageRendererOptions {
  /** The web app's build: `index.html`, `.vite/manifest.json` and the server rendering's entry. */
  webDist: string;
  catalog: Catalog;
  publicUrl: string;
  /**
   * API answers every page uses (API path without `/api` → JSON body), e.g. `/shop-info` for
   * the footer: one request less on every first load. Fixed while the server runs.
   */
  everyPage: Readonly<Record<string, string>>;
  /** Where a failed render is reported (the page is then drawn in the browser). */
  onRenderError: (error: unknown, url: string) => void;
  /** The server rendering; default: the build's, imported on first use. Tests pass their own. */
  renderPage?: RenderPage;
  /**
   * The products a search finds (catalog/search.service.ts `searchProducts`), for the search
   * page's answer; without it the search page carries none and the browser asks the API.
   */
  search?: SearchProducts;
  /**
   * Answers a page carries that change without the catalog changing (API path without `/api` →
   * JSON body), such as home's `/shop/trust` (its delivered orders' count), read at each request
   * of the page; {} for pages with none. A kept page is drawn again when they differ from those it
   * was drawn with. A failure leaves them out: the browser asks the API.
   */
  liveAnswers?: (page: PageId, snapshot: CatalogSnapshot) => Promise<Record<string, string>>;
}

/** A kept page and the live answers it was drawn with. */
interface KeptPage {
  page: RenderedPage;
  live: string;
}

/** Pages kept per catalog snapshot: at most this many (home, featured, 28 categories, the products) per language and hint. */
function cacheKey(request: PageRequest): string {
  return `${request.language}\n${request.signedIn ? 1 : 0}\n${request.path}`;
}

/**
 * A {@link PageRenderer} over the web build at `webDist`, read once on first use (the build
 * does not change while the server runs), and the in-memory catalog. The catalog's pages are
 * rendered once per catalog change, language and signed-in-or-not, and kept with the catalog's
 * snapshot (forgotten with it); other pages are rendered per request. When the server
 * rendering fails or is missing, the page is sent with an empty root, which the browser draws,
 * and the failure is reported.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  let indexHtml: Promise<string> | undefined;
  const readIndexHtml = () => {
    indexHtml ??= readFile(join(options.webDist, 'index.html'), 'utf8');
    indexHtml.catch(() => {
      indexHtml = undefined;
    });
    return indexHtml;
  };
  // Without a manifest (a build without one), no module preloads.
  let manifest: Promise<BuildManifest> | undefined;
  const readManifest = () =>
    (manifest ??= readFile(join(options.webDist, '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as BuildManifest)
      .catch(() => ({})));
  // Imported once; a build without it is reported once, and its pages are drawn in the browser.
  let renderPage: Promise<RenderPage | undefined> | undefined = options.renderPage ? Promise.resolve(options.renderPage) : undefined;
  const loadRenderPage = () =>
    (renderPage ??= import(pathToFileURL(join(options.webDist, SSR_ENTRY)).href).then(
      (module: { render: RenderPage }) => module.render,
      (error: unknown) => {
        options.onRenderError(error, SSR_ENTRY);
        return undefined;
      },
    ));
  const everyPageParsed = Object.fromEntries(Object.entries(options.everyPage).map(([key, body]) => [key, JSON.parse(body) as unknown]));
  const sharedPages = new WeakMap<object, Map<string, KeptPage>>();

  return {
    async render(request) {
      const [template, snapshot] = await Promise.all([readIndexHtml(), options.catalog.get()]);
      const key = cacheKey(request);
      const query = readListQuery(new URL(request.url, 'http://localhost').searchParams);
      const match = matchPage(request.path);
      const live: Record<string, string> = (await options.liveAnswers?.(match.id, snapshot).catch(() => ({}))) ?? {};
      const liveKey = JSON.stringify(live);
      // A sorted or narrowed list is its own page: never the plain list kept under the same path.
      const cached = narrowsList(query) ? undefined : sharedPages.get(snapshot)?.get(key);
      if (cached && cached.live === liveKey) return cached.page;

      const known = catalogPage(snapshot, match);
      const shared = known !== undefined && catalogPagePath(known) === request.path && !narrowsList(query);
      const data = await pageData(snapshot, match, query, { ...options, live });
      let result: PageRenderResult = { html: '', head: '', status: match.id === 'notFound' ? 404 : 200 };
      try {
        const parsed: Record<string, unknown> = { ...everyPageParsed };
        for (const [apiPath, body] of Object.entries(data)) parsed[apiPath] ??= JSON.parse(body) as unknown;
        const render = await loadRenderPage();
        // A catalog page does not depend on its query string: one rendering serves every link to it.
        if (render)
          result = await render({
            url: shared ? request.path : request.url,
            language: request.language,
            signedIn: request.signedIn,
            data: parsed,
          });
      } catch (error) {
        options.onRenderError(error, request.url);
      }
      const builtManifest = await readManifest();
      const page: RenderedPage = {
        html: fillTemplate(template, {
          language: request.language,
          head: pageHead(snapshot, options.publicUrl, request.path, request.language),
          hoisted: result.head,
          preloads: pageImagePreloads(snapshot, known),
          modules: [
            ...modulePreloads(builtManifest, (PAGES[match.id] as PageRoute).module),
            ...(request.language === 'ta' ? modulePreloads(builtManifest, TAMIL_STRINGS_MODULE) : []),
          ],
          data,
          html: result.html,
        }),
        status: result.status,
        ...(result.redirect ? { redirect: result.redirect } : {}),
        shared: shared && result.status === 200 && !result.redirect && result.html !== '',
      };
      if (!page.shared) return page;
      let pages = sharedPages.get(snapshot);
      if (!pages) sharedPages.set(snapshot, (pages = new Map()));
      // One kept page per path: new live answers replace it rather than add another.
      pages.set(key, { page, live: liveKey });
      return page;
    },
  };
}
