import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MESSAGES, AUTH_MESSAGES } from './account.js';
import { describeMessage, MESSAGE_REASONS, MESSAGES_WITH_DATA } from './errors.js';
import { LIMITS } from './limits.js';
import { ORDER_MESSAGES, priceChangedMessage } from './order.js';

describe('message reasons (docs/product.md#languages: clients say server messages in their language)', () => {
  it('names a catalog text by its catalog and key, with the limits it spells out', () => {
    expect(describeMessage(AUTH_MESSAGES.badCredentials)).toEqual({ message: 'Invalid email or password', reason: 'auth.badCredentials' });
    expect(describeMessage(ORDER_MESSAGES.quantityCap)).toEqual({
      message: ORDER_MESSAGES.quantityCap,
      reason: 'order.quantityCap',
      params: { maxQuantity: LIMITS.maxQuantity },
    });
    expect(describeMessage(ACCOUNT_FIELD_MESSAGES.passwordTooLong)?.params).toEqual({ maxLength: LIMITS.passwordMaxLength });
  });

  it('names a text two catalogs share once, and knows nothing of other texts', () => {
    expect(describeMessage('Product not found')?.reason).toBe('order.productNotFound');
    expect(describeMessage('Unrecognized key: "role"')).toBeUndefined();
  });

  it('builds a message with data from its params', () => {
    expect(MESSAGES_WITH_DATA.priceChanged(1700.5)).toEqual({
      message: priceChangedMessage(1700.5),
      reason: 'order.priceChanged',
      params: { totalRupees: 1700.5 },
    });
    expect(MESSAGES_WITH_DATA.tooManyAttempts(1).message).toBe('Too many attempts. Please try again in 1 minute.');
    expect(MESSAGES_WITH_DATA.tooManyAttempts(3).message).toBe('Too many attempts. Please try again in 3 minutes.');
  });

  it('lists every reason once, with its params', () => {
    const reasons = MESSAGE_REASONS.map(({ reason }) => reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    expect(MESSAGE_REASONS).toContainEqual({ reason: 'order.priceChanged', params: ['totalRupees'] });
    expect(MESSAGE_REASONS).toContainEqual({ reason: 'auth.badCredentials', params: [] });
    // Success messages that are functions (ADMIN_MESSAGES.statusUpdated) have none.
    expect(reasons).not.toContain('admin.statusUpdated');
  });
});
