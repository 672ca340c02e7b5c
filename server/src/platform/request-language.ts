import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '@thaiyal/contract';

/**
 * The language of a request (docs/product.md#languages): a page is rendered in it and an order
 * keeps it. The language cookie when it names one of the shop's, else the one of English and Tamil the browser's `Accept-Language`
 * prefers (Tamil when it ranks Tamil above English or lists Tamil and not English), else English.
 * @param cookie the language cookie's value, if any.
 */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (cookie === 'en' || cookie === 'ta') return cookie;
  if (!acceptLanguage) return 'en';
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return preferred === 'ta' ? 'ta' : 'en';
}
