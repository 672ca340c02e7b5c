import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

/**
 * An order's tracking link (docs/product.md#sharing-an-orders-progress; docs/security.md#tracking-links):
 * at most one per order, its token kept only as a SHA-256 hash (platform/tokens.ts `hashToken`,
 * ASVS 7.2.x), never the token itself. Sharing again replaces the hash (the old link stops
 * working); stopping sharing sets `revoked_at`. Deleted with the order.
 */
export const orderShareLinks = pgTable('order_share_links', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});
