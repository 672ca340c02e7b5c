import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  LIMITS,
  MAX_PROFILE_VERSIONS,
  MEASUREMENT_MESSAGES,
  type LengthUnit,
  type MeasurementProfile,
  type Measurements,
  type ProfileVersion,
  type ProfileVersionSource,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { measurementProfileVersions, measurementProfiles, users } from '../../db/schema/index.js';
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
 * measurements taken, in millimetres, in the contract's order, and its `versions` newest first
 * (docs/product.md#the-measurement-book).
 */
function toProfileApi(row: ProfileRow, versions: readonly ProfileVersion[]): MeasurementProfile {
  return {
    _id: row.id,
    name: row.name,
    unit: row.unit,
    measurements: onlyTaken(row.measurements),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    versions: [...versions],
  };
}

/**
 * The measurements that have a value (a form may send `undefined` for an empty field).
 * @param measurements whole millimetres by key, as the contract's `MeasurementsSchema` hands them over.
 */
export function onlyTaken(measurements: Measurements): Record<string, number> {
  return Object.fromEntries(Object.entries(measurements).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/**
 * The versions of the profiles `profileIds` (docs/product.md#the-measurement-book), newest first, by
 * profile id; ONE statement whatever their number.
 */
async function versionsOf(db: Db, profileIds: readonly string[]): Promise<Map<string, ProfileVersion[]>> {
  const byProfile = new Map<string, ProfileVersion[]>();
  if (profileIds.length === 0) return byProfile;
  const rows = await db
    .select()
    .from(measurementProfileVersions)
    .where(inArray(measurementProfileVersions.profileId, [...profileIds]))
    .orderBy(desc(measurementProfileVersions.at), desc(measurementProfileVersions.seq));
  for (const row of rows) {
    const list = byProfile.get(row.profileId) ?? [];
    list.push({ at: row.at.toISOString(), source: row.source, measurements: onlyTaken(row.measurements) });
    byProfile.set(row.profileId, list);
  }
  return byProfile;
}

/** One profile row in the API shape with its versions read (one more statement). */
async function withVersions(db: Db, row: ProfileRow): Promise<MeasurementProfile> {
  return toProfileApi(row, (await versionsOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * Keep a new version of profile `profileId` (docs/product.md#the-measurement-book): its
 * measurements (mm) at `at`, written by `source`; then drop the versions past the newest
 * {@link MAX_PROFILE_VERSIONS}. Run it in the transaction that changes the profile. Two statements.
 */
export async function addProfileVersion(
  tx: Db,
  profileId: string,
  source: ProfileVersionSource,
  measurements: Measurements,
  at: Date,
): Promise<void> {
  await tx.insert(measurementProfileVersions).values({ profileId, source, measurements: onlyTaken(measurements), at });
  await tx.execute(sql`delete from ${measurementProfileVersions} where id in (
    select id from ${measurementProfileVersions} where profile_id = ${profileId}
    order by at desc, seq desc offset ${MAX_PROFILE_VERSIONS})`);
}

/** A shopper's profiles, oldest first (docs/product.md#measurement-profiles), each with its versions. Two statements. */
export async function listProfiles(db: Db, userId: string): Promise<MeasurementProfile[]> {
  const rows = await db
    .select()
    .from(measurementProfiles)
    .where(eq(measurementProfiles.userId, userId))
    .orderBy(asc(measurementProfiles.createdAt), asc(measurementProfiles.id));
  const versions = await versionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProfileApi(row, versions.get(row.id) ?? []));
}

/** A duplicate name (the unique index on the account and the lower-cased name) as its 409. */
function duplicateNameOr(error: unknown): unknown {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION ? new AppError('conflict', MEASUREMENT_MESSAGES.duplicateName) : error;
}

/**
 * Save a new profile for `userId` (docs/product.md#measurement-profiles), in one transaction
 * that holds the account row's lock while it counts, so two tabs saving at once never make an
 * 11th. Its measurements are its first version, typed by the shopper (docs/product.md#the-measurement-book).
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
      await addProfileVersion(tx, row!.id, 'shopper', input.measurements, now);
      return withVersions(tx, row!);
    });
  } catch (error) {
    throw duplicateNameOr(error);
  }
}

/**
 * Replace the name, unit and measurements of the shopper's profile `profileId`. Orders placed with it
 * keep the copy they took (docs/product.md#stitching-details). Changed measurements are a new
 * version typed by the shopper (docs/product.md#the-measurement-book), in the same transaction.
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
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ measurements: measurementProfiles.measurements })
        .from(measurementProfiles)
        .where(and(eq(measurementProfiles.id, profileId), eq(measurementProfiles.userId, userId)))
        .for('update');
      if (!before) throw new AppError('not_found', MEASUREMENT_MESSAGES.notFound);
      const measurements = onlyTaken(input.measurements);
      const [row] = await tx
        .update(measurementProfiles)
        .set({ name: input.name, unit: input.unit, measurements, updatedAt: now })
        .where(eq(measurementProfiles.id, profileId))
        .returning();
      if (!sameMeasurements(onlyTaken(before.measurements), measurements)) {
        await addProfileVersion(tx, profileId, 'shopper', measurements, now);
      }
      return withVersions(tx, row!);
    });
  } catch (error) {
    throw duplicateNameOr(error);
  }
}

/** Whether two sets of measurements hold the same values under the same keys. */
function sameMeasurements(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
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
