import { isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@thaiyal/contract/pages';
import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** A part of the English strings, as in en.json: `{ admin: { … } }`. */
export type EnglishStrings = Record<string, unknown>;

/** English strings that pages brought with them (addEnglish) before i18next was started. */
const laterEnglish: EnglishStrings[] = [];

export { type Language };

/** How long the language cookie lasts: a year, renewed at every pick. Seconds. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * i18next's options for the shop, the same in the browser and on the server (entry-server.tsx),
 * so both draw the same text: English is the fallback of every string; values are not
 * HTML-escaped (React escapes them).
 */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
} as const satisfies InitOptions;

/**
 * The language the page was rendered in: the server writes it as `<html lang>` from the
 * shopper's cookie or her browser's languages (docs/product.md#languages). A page the server
 * did not render (the development server's) goes by the cookie alone.
 */
export function pageLanguage(doc: Document = document): Language {
  const rendered = doc.documentElement.lang;
  if (doc.getElementById('root')?.hasChildNodes() && isLanguage(rendered)) return rendered;
  return cookieLanguage(doc.cookie) ?? 'en';
}

/** The language the cookie names, or undefined. @param cookies `document.cookie` or the same string. */
function cookieLanguage(cookies: string): Language | undefined {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

/**
 * Loads a language's strings (Tamil is a separate chunk, fetched only by shoppers who read it;
 * the server preloads it for a page it renders in Tamil) without switching to it, e.g. for
 * `i18n.getFixedT` in a one-screen language toggle.
 */
export async function ensureResources(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const ta = (await import('./ta.json')).default;
  i18n.addResourceBundle('ta', 'translation', ta, true, true);
}

/**
 * Adds English strings that only one page needs (the dashboard's, the information pages'),
 * called by that page's module when it loads, so they stay out of the first load's chunk
 * (docs/performance.md, the home JS budget). Tamil needs no such step: ta.json is one chunk,
 * fetched only by shoppers who read Tamil. Strings already there are kept.
 * @param strings a part of the English strings, e.g. the content of en-admin.json.
 */
export function addEnglish(strings: EnglishStrings): void {
  if (i18n.isInitialized) i18n.addResourceBundle('en', 'translation', strings, true, false);
  else laterEnglish.push(strings);
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Starts the browser's i18next in `language` and keeps `<html lang>` in step with it.
 * Resolves once the strings of that language are loaded.
 */
export async function initI18n(language: Language): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n.use(initReactI18next).init({ ...I18N_OPTIONS, resources: { en: { translation: en } }, lng: 'en' });
    for (const strings of laterEnglish.splice(0)) addEnglish(strings);
  }
  await ensureResources(language);
  await i18n.changeLanguage(language);
  return i18n;
}

/**
 * Switches the language, updates `<html lang>` and keeps the choice in the language cookie,
 * which the server reads to render the next pages in it.
 */
export async function setLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  await i18n.changeLanguage(language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export { i18n };
