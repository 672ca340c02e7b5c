import { APP_BACKGROUND_COLOR, APP_ICONS, APP_NAMES, APP_THEME_COLOR, type Language } from '@thaiyal/contract';

/**
 * The web app manifest (docs/product.md#installing-the-shop, docs/decisions/022-installable-app.md):
 * what a phone reads to put the shop on its home screen.
 */

/** One icon as the manifest lists it. */
export interface ManifestIcon {
  src: string;
  /** `192x192` or `512x512`. */
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

/** The manifest's members the shop sets (W3C Web Application Manifest). */
export interface WebAppManifest {
  /** The app's identity: the same whichever language it was installed in. */
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Language;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: ManifestIcon[];
}

/**
 * The manifest in `language`: the shop's name, short name and description in that language
 * (contract `APP_NAMES`), opening at home in its own window (`standalone`) within the whole
 * site (`scope` `/`), the shop's colours and the icons the web build draws (contract `APP_ICONS`:
 * 192 and 512 px, each also maskable).
 */
export function webAppManifest(language: Language): WebAppManifest {
  const names = APP_NAMES[language];
  return {
    id: '/',
    name: names.name,
    short_name: names.shortName,
    description: names.description,
    lang: language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    categories: ['shopping', 'lifestyle'],
    icons: APP_ICONS.map((icon) => ({ src: icon.src, sizes: `${icon.sizePx}x${icon.sizePx}`, type: 'image/png', purpose: icon.purpose })),
  };
}
