import { formatShopTime } from '@thaiyal/contract/limits';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/server-message';

/**
 * The server's own message when it gave one for a refused request (a 4xx with
 * `{message, code}`, e.g. 413 'Each image must be at most 10 MB'), in the dashboard's language
 * where the server named it (`serverMessage`; docs/product.md#languages), else `fallback` (docs/product.md#messages: 'the
 * server body or …'). Server faults and network failures get the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return serverMessage(error, t) ?? fallback;
  }
  return fallback;
}

/**
 * docs/product.md#messages fixed failure text followed by the server's reason when it gave one (a 4xx with
 * `{message, code}`), e.g. 'Failed to create product. Please try again. Each image must be at
 * most 10 MB'; server faults and network failures get the fixed text alone. Used where docs/product.md
 * names only a fixed text (product create, banner upload) but the reason tells the owner what
 * to change (docs/decisions/011-admin-upload-failures-name-the-reason.md). The reason is said
 * in the dashboard's language when the server named it (see {@link serverMessageOr}).
 */
export function failureWithReason(error: unknown, failure: string, t: TFunction): string {
  const reason = serverMessageOr(error, '', t);
  return reason ? `${failure} ${reason}` : failure;
}

/**
 * A date and time the shop owner reads, in the page's language, e.g. '3 Feb 2025, 4:05 pm': India
 * time whatever the device's zone (contract `formatShopTime`, docs/product.md#languages), so a
 * card's purchase time and its timeline agree.
 */
export function formatDateTime(iso: string, language: string | undefined): string {
  return formatShopTime(iso, language);
}

/** The first message in a react-hook-form error of a list field (the list's own, or an item's). */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  const root = (error as { root?: { message?: unknown } }).root?.message;
  if (typeof root === 'string' && root) return root;
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = firstErrorMessage(item);
      if (message) return message;
    }
  }
  return undefined;
}
