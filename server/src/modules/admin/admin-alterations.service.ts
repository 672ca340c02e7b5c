import { asc, eq, ne } from 'drizzle-orm';
import { ALTERATION_MESSAGES, MAX_ADMIN_ALTERATIONS, type AdminAlteration, type AlterationStatusBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderAlterations, orderLines, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { toAlterationApi, type AlterationGarment } from '../orders/index.js';

/** The columns an owner's alteration is read with: the alteration, its order and line. */
const ADMIN_ALTERATION_COLUMNS = {
  alteration: orderAlterations,
  orderNumber: orders.orderNumber,
  address: orders.address,
  userId: orders.userId,
  name: orderLines.name,
  nameTa: orderLines.nameTa,
  image: orderLines.image,
};

type AdminAlterationRow = {
  alteration: typeof orderAlterations.$inferSelect;
  orderNumber: string;
  address: typeof orders.$inferSelect.address;
  name: string;
  nameTa: string | null;
  image: string;
};

/** Row → the owner's view of an alteration (contract `AdminAlterationSchema`): the customer from the order's address. */
function toAdminAlteration(row: AdminAlterationRow): AdminAlteration {
  return {
    ...toAlterationApi(row.alteration),
    orderId: row.orderNumber,
    garment: { name: row.name, nameTa: row.nameTa ?? '', image: row.image },
    customer: { name: row.address.name, phone: row.address.phoneNumber },
  };
}

/**
 * `GET /admin/alterations` (docs/product.md#free-alterations): the open alterations (requested or
 * picked up; `status` `open`) or every one (`all`), oldest asked first, at most
 * {@link MAX_ADMIN_ALTERATIONS}, each with its order's number, the garment and the customer. One
 * statement; the open ones through `order_alterations_open_idx`.
 */
export async function listAlterations(db: Db, status: 'open' | 'all'): Promise<AdminAlteration[]> {
  const rows = await db
    .select(ADMIN_ALTERATION_COLUMNS)
    .from(orderAlterations)
    .innerJoin(orders, eq(orders.id, orderAlterations.orderId))
    .innerJoin(orderLines, eq(orderLines.id, orderAlterations.orderLineId))
    .where(status === 'open' ? ne(orderAlterations.status, 'done') : undefined)
    .orderBy(asc(orderAlterations.requestedAt), asc(orderAlterations.id))
    .limit(MAX_ADMIN_ALTERATIONS);
  return rows.map(toAdminAlteration);
}

/** The step each step moves to: forward only, one step at a time. */
const NEXT_STEP = { requested: 'picked-up', 'picked-up': 'done', done: null } as const;

/** What a moved alteration's mail needs: the garment and its customer (null once the account is deleted). */
export interface AlterationMove {
  alteration: AdminAlteration;
  garment: AlterationGarment;
  customer: { id: string; email: string; name: string } | null;
}

/**
 * `PUT /admin/alterations/:id` (docs/product.md#free-alterations): move alteration `id` to its next
 * step `body.status` (requested → picked-up → done) at `now`, in ONE transaction with its row
 * locked so two owners' taps count once; `onMoved` runs in it (the route queues her mail there).
 * @throws AppError('not_found', ALTERATION_MESSAGES.notFound) for an unknown alteration.
 * @throws AppError('conflict', ALTERATION_MESSAGES.badMove) for a step back, a skipped step or the same step again.
 */
export async function moveAlteration(
  db: Db,
  now: Date,
  id: string,
  body: AlterationStatusBody,
  onMoved?: (tx: Db, move: AlterationMove) => Promise<void>,
): Promise<AdminAlteration> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orderAlterations).where(eq(orderAlterations.id, id)).for('update');
    if (!current) throw new AppError('not_found', ALTERATION_MESSAGES.notFound);
    if (NEXT_STEP[current.status] !== body.status) throw new AppError('conflict', ALTERATION_MESSAGES.badMove);
    await tx
      .update(orderAlterations)
      .set(body.status === 'done' ? { status: 'done', doneAt: now } : { status: 'picked-up', pickedUpAt: now })
      .where(eq(orderAlterations.id, id));
    const [row] = await tx
      .select({ ...ADMIN_ALTERATION_COLUMNS, email: users.email, username: users.username })
      .from(orderAlterations)
      .innerJoin(orders, eq(orders.id, orderAlterations.orderId))
      .innerJoin(orderLines, eq(orderLines.id, orderAlterations.orderLineId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orderAlterations.id, id));
    const alteration = toAdminAlteration(row!);
    const garment = { orderNumber: row!.orderNumber, name: row!.name, nameTa: row!.nameTa, image: row!.image };
    const customer =
      row!.userId && row!.email ? { id: row!.userId, email: row!.email, name: row!.address.name || (row!.username ?? '') } : null;
    await onMoved?.(tx, { alteration, garment, customer });
    return alteration;
  });
}
