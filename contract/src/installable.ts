// No zod here: the web build's configuration (web/pwa-build.ts) and the service worker import
// this module, and neither should carry a schema library.
import type { Language } from './pages.js';

/**
 * The installed shop (docs/product.md#installing-the-shop, docs/decisions/022-installable-app.md):
 * what the web app manifest says and what the web build draws for it. The server writes the
 * manifest (`GET /manifest.webmanifest`, in the page's language); the web build draws the icons
 * at these paths; both read this module, so neither can name a file the other does not make.
 */

/** The shop's colour (the header's, `<meta name="theme-color">` in web/index.html): the installed app's title bar. */
export const APP_THEME_COLOR = '#7a1f3d';

/** The page's background (Tailwind's amber-50, web/src/index.css): the splash screen while the app starts. */
export const APP_BACKGROUND_COLOR = '#fffbeb';

/** One icon of the manifest: `purpose` `any` is drawn as it is, `maskable` may be cut to any shape by the phone. */
export interface AppIcon {
  /** Path on the shop's origin, e.g. `/icons/icon-192.png`. */
  src: string;
  /** Edge in pixels (square). */
  sizePx: 192 | 512;
  purpose: 'any' | 'maskable';
}

/**
 * The manifest's icons, PNG: 192 and 512 px, each as the shop's mark on its rounded square
 * (`any`) and on a full square with the mark inside the safe circle (`maskable`, which Android
 * cuts to a circle or a squircle). Paths outside `/assets/`: they keep their names from build to build.
 */
export const APP_ICONS: readonly AppIcon[] = [
  { src: '/icons/icon-192.png', sizePx: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', sizePx: 512, purpose: 'any' },
  { src: '/icons/maskable-192.png', sizePx: 192, purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizePx: 512, purpose: 'maskable' },
];

/** The installed app's names and description in one language. */
export interface AppNames {
  /** Under the icon when there is room, and on the splash screen. */
  name: string;
  /** Under the icon on a crowded home screen: at most 12 characters. */
  shortName: string;
  description: string;
}

/** The manifest's words in each language (docs/product.md#languages): a Tamil page installs a Tamil-named app. */
export const APP_NAMES: Readonly<Record<Language, AppNames>> = {
  en: {
    name: 'Thaiyal – tailoring in Pollachi',
    shortName: 'Thaiyal',
    description: "Custom tailoring and ready designs for women's and girls' garments, with a home visit for measuring in Pollachi.",
  },
  ta: {
    name: 'தையல் – பொள்ளாச்சி தையலகம்',
    shortName: 'தையல்',
    description: 'பெண்கள் மற்றும் சிறுமிகளுக்கான ஆடைகள்: அளவுக்கேற்ற தையலும் தயார் வடிவமைப்புகளும், பொள்ளாச்சியில் வீட்டுக்கே வந்து அளவெடுப்புடன்.',
  },
};

/** The service worker's path (`GET /sw.js`, served `no-cache` so a new version is found at once). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The offline page of each language, precached by the service worker and drawn by the web build. */
export const OFFLINE_PAGES: Readonly<Record<Language, string>> = { en: '/offline/en.html', ta: '/offline/ta.html' };
