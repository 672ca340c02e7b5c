import { asc, desc, eq, sql } from 'drizzle-orm';
import { AREA_MESSAGES, type AdminServiceArea, type AreaRequestList, type ServedPinCode, type ServiceAreaCheck } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { areaRequests, servedPinCodes } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * Whether the shop visits `pinCode` (docs/product.md#service-area), with its area's names when
 * it does. One indexed read.
 */
export async function checkPinCode(db: Db, pinCode: string): Promise<ServiceAreaCheck> {
  const [row] = await db
    .select({ area: servedPinCodes.area, areaTa: servedPinCodes.areaTa })
    .from(servedPinCodes)
    .where(eq(servedPinCodes.pinCode, pinCode));
  return { pinCode, served: row !== undefined, area: row?.area ?? null, areaTa: row?.areaTa ?? null };
}

/**
 * Store "tell me when you come to my area" (docs/product.md#service-area): `pinCode` and a
 * phone (10 digits) or e-mail (lower-cased), once per pin code and contact (asking again
 * changes nothing), with the signed-in shopper's id when there is one.
 * @throws AppError('conflict', AREA_MESSAGES.alreadyServed) when the shop visits that pin code already.
 */
export async function saveAreaRequest(db: Db, pinCode: string, contact: string, userId: string | null, now: Date): Promise<void> {
  // One statement: stored only when the pin code is not served; a repeat is a no-op.
  const rows = await rowsOf<{ served: boolean }>(
    db,
    sql`
    with served as (select 1 from ${servedPinCodes} where pin_code = ${pinCode}),
    stored as (
      insert into ${areaRequests} (pin_code, contact, user_id, created_at)
      select ${pinCode}, ${contact}, ${userId}::uuid, ${now.toISOString()}::timestamptz where not exists (select 1 from served)
      on conflict (pin_code, contact) do nothing
    )
    select exists (select 1 from served) as served`,
  );
  if (rows[0]?.served) throw new AppError('conflict', AREA_MESSAGES.alreadyServed);
}

/**
 * The admin's view of the service area (docs/product.md#admin-dashboard Service area): the
 * served pin codes in order, and the requests counted per pin code, most asked first. Two
 * statements.
 */
export async function getServiceArea(db: Db): Promise<AdminServiceArea> {
  const pinCodes = await db
    .select({ pinCode: servedPinCodes.pinCode, area: servedPinCodes.area, areaTa: servedPinCodes.areaTa })
    .from(servedPinCodes)
    .orderBy(asc(servedPinCodes.position), asc(servedPinCodes.pinCode));
  const counts = await db
    .select({
      pinCode: areaRequests.pinCode,
      count: sql<number>`count(*)::int`,
      latestAt: sql<Date>`max(${areaRequests.createdAt})`.mapWith((value: Date | string) => new Date(value)),
    })
    .from(areaRequests)
    .groupBy(areaRequests.pinCode)
    .orderBy(desc(sql`count(*)`), asc(areaRequests.pinCode));
  const served = new Set(pinCodes.map((row) => row.pinCode));
  return {
    pinCodes,
    requests: counts.map((row) => ({
      pinCode: row.pinCode,
      count: row.count,
      served: served.has(row.pinCode),
      latestAt: row.latestAt.toISOString(),
    })),
  };
}

/**
 * Replace the served pin codes with `pinCodes`, in that order (docs/product.md#service-area),
 * in one transaction. Saved addresses outside the new list stay, but the shopper must change
 * them before ordering (`POST /orders` checks the pin code). Validated by the contract's
 * `ServiceAreaBodySchema` (at least one, each once).
 * @returns the admin's view after the change.
 */
export async function setServiceArea(db: Db, pinCodes: readonly ServedPinCode[]): Promise<AdminServiceArea> {
  await db.transaction(async (tx) => {
    await tx.delete(servedPinCodes);
    await tx.insert(servedPinCodes).values(pinCodes.map((entry, position) => ({ ...entry, position })));
  });
  return getServiceArea(db);
}

/**
 * The "tell me" requests themselves, newest first, for one pin code or all (the shop tells
 * these people when it starts visiting their area).
 */
export async function listAreaRequests(db: Db, pinCode: string | undefined): Promise<AreaRequestList> {
  const rows = await db
    .select({ pinCode: areaRequests.pinCode, contact: areaRequests.contact, createdAt: areaRequests.createdAt })
    .from(areaRequests)
    .where(pinCode === undefined ? undefined : eq(areaRequests.pinCode, pinCode))
    .orderBy(desc(areaRequests.createdAt), asc(areaRequests.id));
  return { requests: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
