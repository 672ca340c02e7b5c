import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_BACKGROUND_COLOR, APP_ICONS, APP_THEME_COLOR, OFFLINE_PAGES, type AppIcon } from '../contract/src/installable.ts';
import en from './src/i18n/en-app.json' with { type: 'json' };
import ta from './src/i18n/ta.json' with { type: 'json' };

/**
 * What the browser build adds so the shop installs and works offline
 * (docs/decisions/022-installable-app.md, docs/architecture.md#the-service-worker): the service
 * worker (`/sw.js`, from src/sw/sw.ts, by vite-plugin-pwa in `injectManifest` mode), the offline
 * page in each language and the manifest's icons. The manifest itself is the server's (in the
 * page's language): server/src/modules/installable.
 */

/** The offline page's words in one language (src/i18n/en-app.json, ta.json `app.offline`). */
type OfflineStrings = typeof en.app.offline;

const OFFLINE_STRINGS: Record<'en' | 'ta', OfflineStrings> = { en: en.app.offline, ta: ta.app.offline };

/** Escape text for HTML (the strings are ours, but an apostrophe or `&` must still be text). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One language's part of the offline page: heading, what still works, what needs a connection, the two links. */
function offlineSection(language: 'en' | 'ta', strings: OfflineStrings, heading: 'h1' | 'h2'): string {
  // Headings in order: the first language's under its h1, the other's under its h2.
  const sub = heading === 'h1' ? 'h2' : 'h3';
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<section lang="${language}">
      <${heading}>${escapeHtml(strings.title)}</${heading}>
      <p>${escapeHtml(strings.lead)}</p>
      <${sub}>${escapeHtml(strings.worksTitle)}</${sub}>
      ${list(strings.works)}
      <${sub}>${escapeHtml(strings.needsTitle)}</${sub}>
      ${list(strings.needs)}
      <p class="links"><a class="button" href="">${escapeHtml(strings.retry)}</a> <a href="/">${escapeHtml(strings.home)}</a></p>
    </section>`;
}

/**
 * The offline page in `language`, with the other language's below it (docs/product.md#languages:
 * a guess of her language by the worker may be wrong). A static file, precached at install: it
 * must show with no network and no script (the shop's code may not be kept yet). "Try again"
 * is a link to the address she asked for (the worker answers there with this page).
 */
function offlinePageHtml(language: 'en' | 'ta'): string {
  const other = language === 'en' ? 'ta' : 'en';
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="${APP_THEME_COLOR}" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(OFFLINE_STRINGS[language].title)} · ${language === 'ta' ? 'தையல்' : 'Thaiyal'}</title>
    <style>
      body { margin: 0; background: ${APP_BACKGROUND_COLOR}; color: #1c1917; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Tamil', 'Latha', sans-serif; }
      main { max-width: 36rem; margin: 0 auto; padding: 2rem 1.25rem; }
      header { color: ${APP_THEME_COLOR}; font-weight: 700; font-size: 1.25rem; }
      h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
      section + section { margin-top: 2.5rem; padding-top: 1.5rem; border-top: 1px solid #d6d3d1; }
      section + section > h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
      section > h2, section > h3 { font-size: 1rem; margin: 1.25rem 0 0.25rem; }
      ul { margin: 0; padding-left: 1.25rem; }
      a { color: #881337; font-weight: 600; }
      .links { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1.5rem; }
      .button { background: ${APP_THEME_COLOR}; color: #fff; border-radius: 9999px; padding: 0.6rem 1.25rem; text-decoration: none; }
    </style>
  </head>
  <body>
    <main>
      <header>Thaiyal · தையல்</header>
      ${offlineSection(language, OFFLINE_STRINGS[language], 'h1')}
      ${offlineSection(other, OFFLINE_STRINGS[other], 'h2')}
    </main>
  </body>
</html>
`;
}

/**
 * The shop's mark (web/index.html's icon: a "T" on the shop's colour) as SVG at `sizePx`: on its
 * rounded square for `any`; for `maskable`, the square filled to the edge and the "T" drawn
 * smaller, inside the middle 80 % circle that every launcher's shape keeps.
 */
function iconSvg({ sizePx, purpose }: AppIcon): string {
  const background =
    purpose === 'any'
      ? `<rect width="32" height="32" rx="7" fill="${APP_THEME_COLOR}"/>`
      : `<rect width="32" height="32" fill="${APP_THEME_COLOR}"/>`;
  const mark = '<path d="M9 8h14v3.2h-5.4V25h-3.2V11.2H9z" fill="#fdf6ec"/>';
  const drawn = purpose === 'any' ? mark : `<g transform="translate(16 16) scale(0.72) translate(-16 -16.5)">${mark}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${sizePx}" height="${sizePx}">${background}${drawn}</svg>`;
}

/** Emits the offline pages and the manifest's icons (drawn with sharp) into the browser build. */
function installableFiles(): Plugin {
  return {
    name: 'thaiyal:installable-files',
    apply: 'build',
    async generateBundle() {
      for (const [language, path] of Object.entries(OFFLINE_PAGES) as Array<['en' | 'ta', string]>) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: offlinePageHtml(language) });
      }
      for (const icon of APP_ICONS) {
        const png = await sharp(Buffer.from(iconSvg(icon)))
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.src.slice(1), source: png });
      }
    },
  };
}

/** The Vite manifest's entry of the page (`index.html`) and what it imports statically. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The first load's files (the entry, its static imports, their stylesheets) by the build's
 * `.vite/manifest.json`: the app shell the worker fetches at install. Lazily loaded pages'
 * chunks are kept when first used.
 */
function firstLoadFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * The plugins of the browser build (never the server rendering's): the offline pages and icons,
 * and vite-plugin-pwa building src/sw/sw.ts into `dist/sw.js` with the precache list injected:
 * the offline pages and the first load's script and stylesheet. It registers nothing and writes
 * no manifest: the page registers the worker (src/lib/service-worker.ts) and the server writes
 * the manifest in the page's language.
 * @param outDir the build's directory (`dist` under web/).
 */
export function installablePlugins(outDir: string): Plugin[] {
  return [
    installableFiles(),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['offline/*.html', 'assets/*.{js,css}'],
        // Named by their content: the URL is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [
          (entries) => {
            const shell = firstLoadFiles(outDir);
            return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ];
}
