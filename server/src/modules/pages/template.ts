import { PAGE_DATA_ELEMENT_ID, type Language } from '@thaiyal/contract';
import { escapeHtml, headTags, type PageHead } from '../seo/index.js';
import type { ImagePreload } from './preloads.js';

/**
 * A page's HTML (docs/architecture.md#rendering): the web build's `index.html` with the page's
 * language, head, preloads, markup and answers written into it.
 */

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` become `\u003c`, `\u003e`,
 * `\u0026` (JSON has them only inside strings, where the escapes mean the same), so no text
 * from the catalog can close the element or start markup.
 */
function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Everything the template receives for one page. */
export interface PageParts {
  language: Language;
  /** The share-preview head; its `<title>` only when `title` is empty. */
  head: PageHead;
  /** Elements React hoisted out of the app's markup (its `<title>`). */
  hoisted: string;
  preloads: ImagePreload[];
  /** JavaScript chunks fetched beside the entry. */
  modules: string[];
  /** API answers by API path, each a JSON body. */
  data: Record<string, string>;
  /** The app's markup; empty when the page is drawn in the browser. */
  html: string;
}

/**
 * `index.html` with a page's parts: `<html lang>`; the pictures' preloads at the top of `<head>`
 * (after the charset and viewport, before anything fetched, so the browser asks for them
 * first); its title, share-preview tags and module preloads at the end of `<head>` (index.html's
 * own title and description are dropped), and the web app manifest's link in the page's language; the markup inside `<div id="root">`; the data just
 * before `</body>`, outside the root React hydrates, in the element whose id is the contract's
 * `PAGE_DATA_ELEMENT_ID` (read by web/src/lib/page-data.ts).
 */
export function fillTemplate(indexHtml: string, parts: PageParts): string {
  let html = indexHtml
    .replace(/<html lang="[^"]*"/i, `<html lang="${parts.language}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const links = parts.preloads.map(
    ({ href, srcset, sizes }, index) =>
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${
        srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : ''
      }${index === 0 ? ' fetchpriority="high"' : ''} />`,
  );
  if (links.length > 0) {
    const at = html.search(/<(?:script|link|style|title)\b/i);
    const headEnd = html.search(/<\/head>/i);
    const where = at >= 0 && (headEnd < 0 || at < headEnd) ? at : headEnd;
    if (where >= 0) html = `${html.slice(0, where)}${links.map((link) => `${link}\n    `).join('')}${html.slice(where)}`;
  }
  const headEnd = html.search(/<\/head>/i);
  if (headEnd >= 0) {
    const tags = [
      ...(parts.hoisted ? [parts.hoisted] : []),
      headTags(parts.head, { title: !parts.hoisted.includes('<title>') }),
      // docs/product.md#installing-the-shop: the manifest in the page's language (a browser fetches it without cookies).
      `<link rel="manifest" href="/manifest.webmanifest?lang=${parts.language}" />`,
      ...parts.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ];
    html = `${html.slice(0, headEnd)}  ${tags.join('\n    ')}\n  ${html.slice(headEnd)}`;
  }
  html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${parts.html}</div>`);
  const entries = Object.entries(parts.data);
  if (entries.length > 0) {
    const json = `{${entries.map(([key, body]) => `${JSON.stringify(key)}:${body}`).join(',')}}`;
    const script = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(json)}</script>`;
    const bodyEnd = html.lastIndexOf('</body>');
    if (bodyEnd >= 0) html = `${html.slice(0, bodyEnd)}  ${script}\n  ${html.slice(bodyEnd)}`;
  }
  return html;
}
