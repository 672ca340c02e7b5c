import { LANGUAGES, type Language, type PageRenderRequest, type PageRenderResult, type RenderPage } from '@thaiyal/contract/pages';
import { createInstance, type i18n as I18n } from 'i18next';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { seedPageData } from './app/page-data';
import { AppProviders } from './app/providers';
import type { ServerRender } from './app/render-context';
import { AppRoutes } from './app/router';
import { authUserQuery } from './features/auth/api/auth-check';
import { I18N_OPTIONS } from './i18n';
import { ALL_ENGLISH } from './i18n/english';
import ta from './i18n/ta.json';
import { createQueryClient } from './lib/query-client';

/**
 * The web app rendered on the server (docs/architecture.md#rendering): built by
 * `vite build --ssr` into web/dist/server/entry-server.js, which the server imports at run time
 * (server/src/modules/pages/page-renderer.ts). The same components as in the browser, which
 * hydrates what this draws (main.tsx).
 */

/** One i18next per language, with every language's strings, made once: a render never waits for strings. */
const i18nByLanguage = new Map<Language, I18n>(
  LANGUAGES.map((language) => {
    const instance = createInstance();
    void instance.init({
      ...I18N_OPTIONS,
      resources: { en: { translation: ALL_ENGLISH }, ta: { translation: ta } },
      lng: language,
      initAsync: false,
    });
    return [language, instance];
  }),
);

/** Longest a render may take before it is abandoned (the server then sends the page to be drawn in the browser). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The tags React emits before the app's markup when it renders without a document: the
 * hoistable `<title>`, `<meta>` and `<link>` elements, which belong in `<head>`.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/;

/**
 * The app's markup and, apart, what belongs in `<head>`. React's own preload of a
 * high-priority picture is left out: the server preloads the page's largest picture itself,
 * ahead of the stylesheet and scripts (server/src/modules/pages/preloads.ts `pageImagePreloads`).
 */
function splitHoisted(markup: string): { head: string; html: string } {
  let head = '';
  let html = markup;
  for (let match = HOISTED.exec(html); match; match = HOISTED.exec(html)) {
    if (!/^<link rel="preload" as="image"/.test(match[0])) head += match[0];
    html = html.slice(match[0].length);
  }
  return { head, html };
}

/**
 * Renders the page at `request.url` as it will first be drawn in the browser: every lazily
 * loaded page's code is awaited (no loading state in the HTML), the query cache holds exactly
 * `request.data` and, for a visitor, the answer that nobody is signed in.
 * @throws the first error a component throws while rendering, or a timeout after 10 s.
 */
export const render: RenderPage = async (request: PageRenderRequest): Promise<PageRenderResult> => {
  const queryClient = createQueryClient();
  seedPageData(queryClient, request.data);
  if (!request.signedIn) queryClient.setQueryData(authUserQuery.queryKey, null);
  const serverRender: ServerRender = { status: 200 };
  const i18n = i18nByLanguage.get(request.language) ?? i18nByLanguage.get('en')!;

  let timer: NodeJS.Timeout | undefined;
  const markup = await new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(
      <AppProviders queryClient={queryClient} i18n={i18n} serverRender={serverRender}>
        <StaticRouter location={request.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
      {
        // Every boundary inline, never streamed after the page with a script to put it in
        // place: the page is sent whole, must read without JavaScript, and the Content Security
        // Policy allows no inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (failed !== undefined) return;
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.pipe(sink);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          failed ??= error;
          reject(error);
        },
      },
    );
    timer = setTimeout(() => stream.abort(new Error(`the render took more than ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  }).finally(() => clearTimeout(timer));
  queryClient.clear();
  return { ...splitHoisted(markup), status: serverRender.status, ...(serverRender.redirect ? { redirect: serverRender.redirect } : {}) };
};
