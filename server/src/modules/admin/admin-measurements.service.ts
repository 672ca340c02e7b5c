import { and, count, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, LIMITS, MEASUREMENT_MESSAGES, type AdminOrder, type Measured, type MeasuredBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { measurementProfiles, orderLines, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addProfileVersion, onlyTaken } from '../measurements/index.js';
import { linesOf, reaskedSignOff } from '../orders/index.js';
import { readAdminOrder } from './admin-orders.service.js';

/** Statuses whose garments are made (docs/product.md#the-measurement-book): a delivered order is done; a cancelled one is over. */
const SETTLED = new Set<string>(['delivered', 'cancelled']);

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * Record what the owner measured at the visit, per garment of order `orderNumber`
 * (docs/product.md#the-measurement-book), in ONE transaction with the order row locked: each named
 * product's lines keep `measured` (the measurements in mm, her unit and note, at `now`), replacing
 * what was recorded before. With `saveToProfile` each measured line also becomes a new 'shop'
 * version of the customer's profile the line was ordered with (its current measurements too), or a
 * new profile of hers when the line has none (named by {@link newProfileName}), which the line then keeps.
 * @throws AppError('not_found', ADMIN_MESSAGES.orderNotFound) for an unknown order number.
 * @throws AppError('conflict', ADMIN_MESSAGES.measurementsLocked) for a delivered or cancelled order.
 * @throws AppError('bad_request', ADMIN_MESSAGES.measuredLineTwice | measuredLineUnknown) for a product
 *   named twice or one the order does not hold.
 * @throws AppError('conflict', MEASUREMENT_MESSAGES.tooMany) when a new profile would pass
 *   LIMITS.maxMeasurementProfiles. Nothing is changed on any error.
 * Measurements recorded after the customer approved ask her again (docs/product.md#sign-off-before-cutting):
 * `onReasked` then runs in the transaction (the route queues her mail there).
 */
export async function recordMeasurements(
  db: Db,
  orderNumber: string,
  body: MeasuredBody,
  now: Date,
  onReasked?: (tx: Db, order: AdminOrder, userId: string | null) => Promise<void>,
): Promise<AdminOrder> {
  const named = new Set<string>();
  for (const line of body.lines) {
    if (named.has(line.productId)) throw new AppError('bad_request', ADMIN_MESSAGES.measuredLineTwice);
    named.add(line.productId);
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (SETTLED.has(order.status)) throw new AppError('conflict', ADMIN_MESSAGES.measurementsLocked);
    const lines = await linesOf(tx, [order.id]);
    const measuredBy = new Map<string, Measured>();
    for (const wanted of body.lines) {
      if (!lines.some((line) => line.productId === wanted.productId)) throw new AppError('bad_request', ADMIN_MESSAGES.measuredLineUnknown);
      measuredBy.set(wanted.productId, {
        measurements: onlyTaken(wanted.measurements),
        unit: wanted.unit,
        note: wanted.note,
        at: now.toISOString(),
      });
    }
    // Every measured line in one statement, whatever their number.
    const values = sql.join(
      [...measuredBy].map(([productId, measured]) => sql`(${productId}::uuid, ${JSON.stringify(measured)}::jsonb)`),
      sql`, `,
    );
    await tx.execute(sql`update ${orderLines} as l set measured = v.measured
      from (values ${values}) as v(product_id, measured)
      where l.order_id = ${order.id} and l.product_id = v.product_id`);
    const measuredLines = lines.filter((line) => line.productId !== null && measuredBy.has(line.productId));
    if (body.saveToProfile && order.userId !== null) {
      await saveToProfiles(tx, order.userId, order.orderNumber, measuredLines, measuredBy, now);
    }
    // docs/product.md#sign-off-before-cutting: measurements changed after her approval ask her again.
    const signOff = reaskedSignOff(order.signOff, now, 'measurements');
    const [row] = signOff ? await tx.update(orders).set({ signOff }).where(eq(orders.id, order.id)).returning() : [order];
    const result = await readAdminOrder(tx, row!, now);
    if (signOff) await onReasked?.(tx, result, order.userId);
    return result;
  });
}

/**
 * Each measured line's measurements as a 'shop' version of the customer's profile it names, which
 * takes them as its current measurements; a line naming none (or a profile since deleted, or not
 * hers) gets a new profile of hers, which it then names. Runs in the caller's transaction.
 */
async function saveToProfiles(
  tx: Db,
  userId: string,
  orderNumber: string,
  lines: readonly LineRow[],
  measuredBy: ReadonlyMap<string, Measured>,
  now: Date,
): Promise<void> {
  for (const line of lines) {
    const measured = measuredBy.get(line.productId!)!;
    const updated = line.profileId
      ? await tx
          .update(measurementProfiles)
          .set({ measurements: measured.measurements, updatedAt: now })
          // docs/security.md: only the order's own customer's profile is ever written.
          .where(and(eq(measurementProfiles.id, line.profileId), eq(measurementProfiles.userId, userId)))
          .returning({ id: measurementProfiles.id })
      : [];
    const profileId = updated[0]?.id ?? (await newProfile(tx, userId, orderNumber, line, measured, now));
    await addProfileVersion(tx, profileId, 'shop', measured.measurements, now);
  }
}

/**
 * A new profile of the customer's for a line ordered without one: named by {@link newProfileName},
 * with the owner's unit and measurements; the line then names it. Counted under the account row's
 * lock, as the shopper's own profiles are.
 * @throws AppError('conflict', MEASUREMENT_MESSAGES.tooMany) at LIMITS.maxMeasurementProfiles.
 */
async function newProfile(tx: Db, userId: string, orderNumber: string, line: LineRow, measured: Measured, now: Date): Promise<string> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [held] = await tx.select({ count: count() }).from(measurementProfiles).where(eq(measurementProfiles.userId, userId));
  if ((held?.count ?? 0) >= LIMITS.maxMeasurementProfiles) throw new AppError('conflict', MEASUREMENT_MESSAGES.tooMany);
  const taken = await tx.select({ name: measurementProfiles.name }).from(measurementProfiles).where(eq(measurementProfiles.userId, userId));
  const name = newProfileName(line, orderNumber, new Set(taken.map((one) => one.name.toLowerCase())));
  const [row] = await tx
    .insert(measurementProfiles)
    .values({ userId, name, unit: measured.unit, measurements: measured.measurements, createdAt: now, updatedAt: now })
    .returning({ id: measurementProfiles.id });
  await tx.update(orderLines).set({ profileId: row!.id }).where(eq(orderLines.id, line.id));
  return row!.id;
}

/**
 * The name of a profile made from a line ordered without one (docs/product.md#the-measurement-book):
 * the garment's name ("Silk Blouse"), or with the order number ("Silk Blouse (TH-4K7Q2M)") and then its
 * line number when her profiles have those names already (case aside), within LIMITS.maxProfileNameLength.
 */
function newProfileName(line: LineRow, orderNumber: string, taken: ReadonlySet<string>): string {
  const suffixes = ['', ` (${orderNumber})`, ` (${orderNumber}-${line.position + 1})`];
  for (const suffix of suffixes) {
    const name = `${line.name.slice(0, LIMITS.maxProfileNameLength - suffix.length).trim()}${suffix}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
  // She named a profile exactly so herself: the line's own id is one no other profile has.
  return `${orderNumber} ${line.id}`.slice(0, LIMITS.maxProfileNameLength);
}
