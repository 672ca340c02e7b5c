import { formatRupeesExact } from '@thaiyal/contract/money';
import type { TFunction } from 'i18next';
import { ApiError, isApiStatus } from './api';

/**
 * The params of a message as the shopper reads them: a param named in rupees
 * (`totalRupees: 1700.5`) becomes `₹1,700.50` (docs/product.md#limits: order prices with two decimals);
 * other numbers and strings stay as they are.
 */
function readableParams(params: unknown): Record<string, string | number> {
  if (!params || typeof params !== 'object') return {};
  const readable: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') readable[name] = name.endsWith('Rupees') ? formatRupeesExact(value) : value;
    else if (typeof value === 'string') readable[name] = value;
  }
  return readable;
}

/**
 * The server's message of a refused API call in the shopper's language (docs/product.md#languages: every
 * message in Tamil as well as English). The server names each message it knows by a `reason`
 * (contract `MESSAGE_REASONS`, e.g. `'auth.badCredentials'`) with its data in `params`; this
 * says `serverMessages.<reason>` of en.json/ta.json with those params, and falls back to the
 * server's English `message` for a reason this app does not know (a newer server) or none.
 * @param error what a query or mutation threw.
 * @param t the translation function of the current language (`useTranslation().t`).
 * @returns the text to show, or undefined when the server said nothing (a network failure,
 *   status 0; a body that is not the API's, code `http_NNN`): then show docs/product.md#messages fixed text.
 */
export function serverMessage(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0 || error.code.startsWith('http_') || !error.message) return undefined;
  if (typeof error.reason !== 'string' || !/^[a-z]+\.[A-Za-z]+$/.test(error.reason)) return error.message;
  return t(`serverMessages.${error.reason}`, { ...readableParams(error.params), defaultValue: error.message });
}

/**
 * The server's message (translated, {@link serverMessage}) when it asks the shopper to wait
 * (429, the abuse limits of docs/security.md) or could not send a mail (503): there docs/product.md#messages
 * fixed "try again" or "use another email" would mislead. Undefined for any other failure.
 */
export function waitOrMailFailureMessage(error: unknown, t: TFunction): string | undefined {
  return isApiStatus(error, 429) || isApiStatus(error, 503) ? serverMessage(error, t) : undefined;
}
