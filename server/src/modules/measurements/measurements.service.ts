import { and, asc, count, eq } from 'drizzle-orm';
import { LIMITS, MEASUREMENT_MESSAGES, type LengthUnit, type MeasurementProfile, type Measurements } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { measurementProfiles, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/db-errors.js';

type ProfileRow = typeof measurementProfiles.$inferSelect;

/** A profile as the body schema hands it over: a trimmed name, the unit she typed in and the measurements taken (mm). */
export interface ProfileInput {
  name: string;
  unit: LengthUnit;
  measurements: Measurements;
}

/**
 * Row → API shape of a measurement profile (contract `MeasurementProfileSchema`): the
 * measurements taken, in millimetres, in the contract's order.
 */
function toProfileApi(row: ProfileRow): MeasurementProfile {
  return {
    _id: row.id,
    name: row.name,
    unit: row.unit,
    measurements: onlyTaken(row.measurements),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The measurements that have a value (a form may send `undefined` for an empty field). */
function onlyTaken(measurements: Measurements): Record<string, number> {
  return Object.fromEntries(Object.entries(measurements).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** A shopper's profiles, oldest first (docs/product.md#measurement-profiles). One statement. */
export async function listProfiles(db: Db, userId: string): Promise<MeasurementProfile[]> {
  const rows = await db
    .select()
    .from(measurementProfiles)
    .where(eq(measurementProfiles.userId, userId))
    .orderBy(asc(measurementProfiles.createdAt), asc(measurementProfiles.id));
  return rows.map(toProfileApi);
}

/** A duplicate name (the unique index on the account and the lower-cased name) as its 409. */
function duplicateNameOr(error: unknown): unknown {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION ? new AppError('conflict', MEASUREMENT_MESSAGES.duplicateName) : error;
}

/**
 * Save a new profile for `userId` (docs/product.md#measurement-profiles), in one transaction
 * that holds the account row's lock while it counts, so two tabs saving at once never make an
 * 11th.
 * @throws AppError('conflict', MEASUREMENT_MESSAGES.tooMany) at {@link LIMITS.maxMeasurementProfiles}.
 * @throws AppError('conflict', MEASUREMENT_MESSAGES.duplicateName) when the account has a
 *   profile of that name already (case aside).
 */
export async function createProfile(db: Db, userId: string, input: ProfileInput, now: Date): Promise<MeasurementProfile> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [held] = await tx.select({ count: count() }).from(measurementProfiles).where(eq(measurementProfiles.userId, userId));
      if ((held?.count ?? 0) >= LIMITS.maxMeasurementProfiles) throw new AppError('conflict', MEASUREMENT_MESSAGES.tooMany);
      const [row] = await tx
        .insert(measurementProfiles)
        .values({ userId, name: input.name, unit: input.unit, measurements: onlyTaken(input.measurements), createdAt: now, updatedAt: now })
        .returning();
      return toProfileApi(row!);
    });
  } catch (error) {
    throw duplicateNameOr(error);
  }
}

/**
 * Replace the name, unit and measurements of the shopper's profile `profileId`. Orders placed with it
 * keep the copy they took (docs/product.md#stitching-details). One statement.
 * @throws AppError('not_found', MEASUREMENT_MESSAGES.notFound) for an unknown profile or
 *   another shopper's (the same answer).
 * @throws AppError('conflict', MEASUREMENT_MESSAGES.duplicateName) for a name another of her profiles has.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  profileId: string,
  input: ProfileInput,
  now: Date,
): Promise<MeasurementProfile> {
  let row: ProfileRow | undefined;
  try {
    [row] = await db
      .update(measurementProfiles)
      .set({ name: input.name, unit: input.unit, measurements: onlyTaken(input.measurements), updatedAt: now })
      .where(and(eq(measurementProfiles.id, profileId), eq(measurementProfiles.userId, userId)))
      .returning();
  } catch (error) {
    throw duplicateNameOr(error);
  }
  if (!row) throw new AppError('not_found', MEASUREMENT_MESSAGES.notFound);
  return toProfileApi(row);
}

/**
 * Delete the shopper's profile `profileId`; placed orders keep their copy of it
 * (docs/product.md#stitching-details).
 * @returns her remaining profiles, oldest first.
 * @throws AppError('not_found', MEASUREMENT_MESSAGES.notFound) for an unknown profile or another shopper's.
 */
export async function deleteProfile(db: Db, userId: string, profileId: string): Promise<MeasurementProfile[]> {
  const deleted = await db
    .delete(measurementProfiles)
    .where(and(eq(measurementProfiles.id, profileId), eq(measurementProfiles.userId, userId)))
    .returning({ id: measurementProfiles.id });
  if (deleted.length === 0) throw new AppError('not_found', MEASUREMENT_MESSAGES.notFound);
  return listProfiles(db, userId);
}
