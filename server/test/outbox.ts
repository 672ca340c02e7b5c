import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema/index.js';

/** How many mails wait in the outbox (platform/outbox.ts): every row not refused for good. */
export async function countUnsentMails(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(isNull(mailOutbox.failedAt));
  return row?.count ?? 0;
}
