import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** Languages the shop speaks (docs/product.md#languages): English and Tamil. */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key remembering the shopper's language. */
export const LANGUAGE_STORAGE_KEY = 'thaiyal.lang';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'ta' ? 'ta' : 'en';
  } catch {
    return 'en';
  }
}

/**
 * Loads a language's strings (Tamil is a separate chunk, fetched only by shoppers who pick
 * it) without switching to it, e.g. for `i18n.getFixedT` in a one-screen language toggle.
 */
export async function ensureResources(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const ta = (await import('./ta.json')).default;
  i18n.addResourceBundle('ta', 'translation', ta, true, true);
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Starts i18next with the remembered language (English by default) and keeps
 * `<html lang>` in step with it. Resolves once the strings of that language are loaded.
 */
export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureResources(language);
  await i18n.changeLanguage(language);
  return i18n;
}

/** Switches the language, remembers it in localStorage and updates `<html lang>`. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
}

export { i18n };
