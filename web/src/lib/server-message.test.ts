import { MESSAGE_REASONS, MESSAGES_WITH_DATA } from '@thaiyal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { ensureResources, i18n } from '../i18n';
import { ApiError } from './api';
import { serverMessage } from './server-message';

/** The English text of `serverMessages.<reason>` in en.json, or undefined. */
function english(reason: string): string | undefined {
  let node: unknown = (en as Record<string, unknown>).serverMessages;
  for (const part of reason.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

describe('serverMessage (docs/product.md#languages: server messages in Tamil as well as English)', () => {
  beforeAll(async () => {
    await ensureResources('ta');
  });
  const ta = () => i18n.getFixedT('ta');
  const en = () => i18n.getFixedT('en');

  it('says a known reason in the current language', () => {
    const error = new ApiError(401, { message: 'Invalid email or password', code: 'unauthorized', reason: 'auth.badCredentials' }, '');
    expect(serverMessage(error, ta())).toBe('மின்னஞ்சல் அல்லது கடவுச்சொல் தவறானது');
    expect(serverMessage(error, en())).toBe('Invalid email or password');
  });

  it('puts the data in: rupees with the sign and two decimals, other numbers as they are', () => {
    const stale = new ApiError(409, { code: 'conflict', ...MESSAGES_WITH_DATA.priceChanged(1700.5) }, '');
    expect(serverMessage(stale, en())).toBe(stale.message);
    expect(serverMessage(stale, ta())).toBe('விலைகள் மாறியுள்ளன. தற்போதைய மொத்தத் தொகை ₹1,700.50.');
    const wait = new ApiError(429, { code: 'too_many_requests', ...MESSAGES_WITH_DATA.resendCooldown(42) }, '');
    expect(serverMessage(wait, ta())).toContain('42 வினாடிகளில்');
  });

  it('shows the English message for a reason it does not know, or none', () => {
    const newer = new ApiError(409, { message: 'Something new', code: 'conflict', reason: 'order.somethingNew' }, '');
    expect(serverMessage(newer, ta())).toBe('Something new');
    const plain = new ApiError(400, { message: 'Unrecognized key: "role"', code: 'bad_request' }, '');
    expect(serverMessage(plain, ta())).toBe('Unrecognized key: "role"');
    const odd = new ApiError(400, { message: 'Odd', code: 'bad_request', reason: 'serverMessages' }, '');
    expect(serverMessage(odd, ta())).toBe('Odd');
  });

  it('says nothing for a network failure, a body that is not the API’s, or another error', () => {
    expect(serverMessage(new ApiError(0, {}, 'Network error'), ta())).toBeUndefined();
    expect(serverMessage(new ApiError(502, { message: 'Bad Gateway' }, ''), ta())).toBeUndefined();
    expect(serverMessage(new Error('boom'), ta())).toBeUndefined();
  });

  it('has English words, with the same placeholders as the params, for every reason the server can send', () => {
    const missing = MESSAGE_REASONS.filter(({ reason }) => english(reason) === undefined).map(({ reason }) => reason);
    expect(missing).toEqual([]);
    const mismatched = MESSAGE_REASONS.filter(({ reason, params }) => placeholders(english(reason)!).join() !== [...params].sort().join());
    expect(mismatched).toEqual([]);
    // Tamil has every key and the same placeholders as English: i18n.test.ts.
  });
});
