import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../test/reliability/server-process.js';
import { listFiles, sha256File, TABLES_NOT_BACKED_UP, type BackupManifest } from '../db/backup.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import {
  addresses,
  areaRequests,
  banners,
  billCounters,
  cancelledOrders,
  cartLines,
  categoryHsnCodes,
  contactMessages,
  mailOutbox,
  measurementProfileVersions,
  measurementProfiles,
  pendingSignups,
  orderEvents,
  orderIdempotencyKeys,
  orderReadyByChanges,
  orderLines,
  orderAlterations,
  orderAppointments,
  orderPayments,
  orderShareLinks,
  orders,
  pushOutbox,
  pushSubscriptions,
  productImages,
  products,
  rateLimits,
  referencePictures,
  refreshTokens,
  resetTokens,
  reviews,
  servedPinCodes,
  users,
  visitClosedDates,
  visitClosedWeekdays,
  shopSettings,
  visitSlots,
  wishlistItems,
} from '../db/schema/index.js';
import { parseConfig } from '../config.js';
import { openObjectStore } from '../platform/object-store.js';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { main as backup } from './backup.js';
import { main as restore } from './restore.js';

// Backups (docs/decisions/007-backups-are-logical-dumps.md): `npm run backup` then `npm run restore` into an empty data directory
// give back every row of every table and every uploaded file, byte for byte.

const root = mkdtempSync(join(tmpdir(), 'thaiyal-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function lines() {
  const info: string[] = [];
  const error: string[] = [];
  return { info, error, out: { info: (line: string) => info.push(line), error: (line: string) => error.push(line) } };
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every row of every app table as PostgreSQL renders it, sorted: what a restore must give back. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (TABLES_NOT_BACKED_UP.has(name)) continue;
    const rows = await rowsOf<{ row: string }>(db, sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(name)} t ORDER BY 1`);
    result[name] = rows.map((row) => row.row);
  }
  return result;
}

/** Uploaded files and their sha256, by path. */
async function uploads(dataDir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const path of await listFiles(join(dataDir, 'uploads'))) result[path] = await sha256File(join(dataDir, 'uploads', path));
  return result;
}

type UserRow = typeof users.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/**
 * A shop with at least one row in every table, with the values that break naive dumps:
 * Tamil and emoji text, quotes and new lines, microsecond timestamps, jsonb, NULLs.
 * One transaction, in three steps: people, then the catalog they use, then the orders that use both.
 */
async function fillShop(db: Db): Promise<void> {
  const at = sql`'2026-11-01 10:00:00.123456+00'::timestamptz`;
  await db.transaction(async (tx) => {
    const { user, admin } = await fillPeople(tx, at);
    const product = await fillCatalog(tx, at, user);
    await fillOrders(tx, at, { user, admin, product });
    await fillPush(tx, at, user.id);
  });
}

/** docs/product.md#notifications: her browser, and a notification waiting for it (Tamil text, jsonb). */
async function fillPush(tx: Db, at: SQL, userId: string): Promise<void> {
  const [browser] = await tx
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc"def',
      p256dh: 'B'.repeat(87),
      auth: 'a'.repeat(22),
      language: 'ta',
      createdAt: at,
    })
    .returning({ id: pushSubscriptions.id });
  await tx.insert(pushOutbox).values({
    subscriptionId: browser!.id,
    kind: 'order-status',
    payload: { title: 'ஆர்டர் TH-4K7Q2M', body: 'தையல் "முடிந்தது"\n', url: 'https://thaiyal.in/myOrders', tag: 'order-TH-4K7Q2M' },
    createdAt: at,
    sendAfter: at,
    discardAfter: at,
    lastError: null,
  });
}

/** Customers and the admin, with their addresses, service area, profiles, sign-ups, tokens and messages. */
async function fillPeople(tx: Db, at: SQL): Promise<{ user: UserRow; admin: UserRow }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: 'kavya@example.com',
      username: 'காவ்யா "K" 🧵',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      verified: true,
      createdAt: at,
    })
    .returning();
  const [admin] = await tx
    .insert(users)
    .values({ email: 'owner@example.com', username: 'Owner', passwordHash: 'x', role: 'admin', verified: true })
    .returning();
  await tx.insert(addresses).values({
    userId: user!.id,
    name: 'காவ்யா',
    phoneNumber: '9876543210',
    doorNumber: "12/3 'B'",
    street: 'Kovai Road,\nnear the temple',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
    landmark: 'எதிரே: the "temple"',
    alternatePhone: null,
  });
  // The service area the admin set replaces the one the migration started with.
  await tx.delete(servedPinCodes).where(sql`${servedPinCodes.pinCode} <> '642001'`);
  await tx.insert(servedPinCodes).values({ pinCode: '642103', area: 'Kottur', areaTa: 'கோட்டூர்', position: 1 });
  await tx.insert(areaRequests).values([
    { pinCode: '642120', contact: '9843012345', userId: user!.id, createdAt: at },
    { pinCode: '642120', contact: 'visitor@example.com' },
  ]);
  const [profile] = await tx
    .insert(measurementProfiles)
    .values({
      userId: user!.id,
      name: 'ப்ரியா, 8 "years"',
      measurements: { chest: 600, topLength: 550 },
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // docs/product.md#the-measurement-book: the profile's versions, the shop's newest.
  await tx.insert(measurementProfileVersions).values([
    { profileId: profile!.id, source: 'shopper', measurements: { chest: 590 }, at },
    { profileId: profile!.id, source: 'shop', measurements: { chest: 600, topLength: 550 } },
  ]);
  await tx.insert(pendingSignups).values({
    email: 'latecomer@example.com',
    username: 'Latecomer',
    passwordHash: 'hash-0',
    codeHash: 'hash-1',
    codeExpiresAt: at,
    codeAttempts: 2,
    codeSentAt: at,
    expiresAt: at,
  });
  await tx.insert(refreshTokens).values({ userId: user!.id, familyId: user!.id, tokenHash: 'refresh-1', expiresAt: at, usedAt: at });
  await tx.insert(resetTokens).values({ userId: user!.id, tokenHash: 'reset-1', expiresAt: at });
  await tx
    .insert(contactMessages)
    .values({ name: 'Meena', email: 'meena@example.com', phone: '9000000000', message: '<b>Hello</b> \\ "there"' });
  return { user: user!, admin: admin! };
}

/** Products with pictures and reviews, a banner, a waiting mail, a cart and a wishlist. */
async function fillCatalog(tx: Db, at: SQL, user: UserRow): Promise<ProductRow> {
  const [product] = await tx
    .insert(products)
    .values({
      name: 'பட்டுப்பாவாடை',
      description: 'Silk, with zari.\tTwo tones.',
      pricePaise: 129_950,
      category: 'gown-pattupavadai',
      isFeatured: true,
    })
    .returning();
  const [gone] = await tx
    .insert(products)
    .values({ name: 'Old blouse', description: 'x', pricePaise: 1, category: 'saree-blouse' })
    .returning();
  await tx.insert(productImages).values([
    { productId: product!.id, position: 0, url: '/uploads/products/silk-640.webp' },
    { productId: product!.id, position: 1, url: '/uploads/products/silk-2-640.webp' },
  ]);
  await tx.insert(reviews).values([
    { productId: product!.id, userId: user.id, username: 'காவ்யா', comment: 'அருமை! 👌' },
    { productId: product!.id, userId: null, username: 'Anonymous', comment: 'Gone user' },
  ]);
  await tx.insert(banners).values({ category: 'custom', image: '/uploads/banners/b1-1280.webp' });
  await tx.insert(shopSettings).values({ tailorPhoto: '/uploads/products/tailor1-640.webp', updatedAt: at });
  // A mail waiting for a retry: backups keep the outbox, so a restored shop still sends it.
  await tx.insert(mailOutbox).values({
    kind: 'order-status',
    recipients: [user.email, 'second@example.com'],
    subject: 'Order TH-ABCDEF: visited / ஆர்டர்',
    text: 'வணக்கம்\n"quoted"',
    html: '<p>வணக்கம்</p>',
    userId: user.id,
    createdAt: at,
    sendAfter: at,
    discardAfter: at,
    attempts: 3,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  });
  await tx.insert(cartLines).values({ userId: user.id, productId: product!.id, quantity: 3 });
  await tx.insert(wishlistItems).values({ userId: user.id, productId: gone!.id });
  return product!;
}

/** A garment's free alteration (docs/product.md#free-alterations): Tamil and quotes in its text, one step taken. */
async function fillAlteration(tx: Db, orderId: string, orderLineId: string, productId: string, at: SQL): Promise<void> {
  await tx.insert(orderAlterations).values({
    orderId: orderId,
    orderLineId,
    productId,
    problem: 'tight',
    whereText: 'இடது "sleeve"',
    note: 'Too tight — at the arm\nplease',
    pictures: ['/uploads/references/ref-2-640.webp'],
    status: 'picked-up',
    requestedAt: new Date('2026-11-08T04:30:00.123Z'),
    pickedUpAt: at,
  });
}

/** Visit settings, an order with lines and events, reference pictures, a cancellation, an idempotency key, a rate limit. */
async function fillOrders(
  tx: Db,
  at: SQL,
  { user, admin, product }: { user: UserRow; admin: UserRow; product: ProductRow },
): Promise<void> {
  const address = {
    name: 'காவ்யா',
    phoneNumber: '9876543210',
    doorNumber: '12',
    street: 'Kovai Road',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
  };
  // The admin's visit settings replace the starting ones; the order booked a slot since retired.
  const [retired] = await tx
    .insert(visitSlots)
    .values({ label: 'காலை "early"', startsAt: '08:00', endsAt: '09:30', capacity: 2, retiredAt: at })
    .returning();
  await tx.delete(visitClosedWeekdays);
  await tx.insert(visitClosedWeekdays).values([{ weekday: 0 }, { weekday: 3 }]);
  await tx.insert(visitClosedDates).values({ date: '2026-11-10', note: 'தீபாவளி' });
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: 'TH-4K7Q2M',
      userId: user.id,
      status: 'designed',
      totalPaise: 259_900,
      paidPaise: 100_050,
      address,
      visitDate: '2026-11-03',
      visitSlotId: retired!.id,
      visitLabel: 'காலை "early"',
    })
    .returning();
  const [line] = await tx
    .insert(orderLines)
    .values([
      {
        orderId: order!.id,
        position: 0,
        productId: product.id,
        name: 'பட்டுப்பாவாடை',
        image: '/uploads/products/silk-640.webp',
        quantity: 2,
        pricePaise: 129_950,
        stitching: {
          profile: { name: 'பிரியா "8"', measurements: { bust: 711, sleeveLength: 152 } },
          fabric: 'shop',
          lining: true,
          notes: 'Boat neck — "deep" back, hooks\nnot zip',
          pictures: ['/uploads/references/ref-1-640.webp'],
        },
        measured: { measurements: { bust: 720 }, unit: 'cm', note: 'Keep 1" margin — பக்கம்', at: '2026-11-02T05:00:00.000Z' },
      },
      { orderId: order!.id, position: 1, productId: null, name: 'Deleted', image: '', quantity: 1, pricePaise: 0 },
    ])
    .returning();
  await tx.insert(orderEvents).values([
    { orderId: order!.id, status: 'call', adminId: null, at: new Date('2026-11-01T04:30:00.123Z') },
    { orderId: order!.id, status: 'designed', adminId: admin.id },
  ]);
  await tx.insert(orderReadyByChanges).values({
    orderId: order!.id,
    fromDate: '2026-11-10',
    toDate: '2026-11-12',
    reason: 'Lining — "late"',
    adminId: admin.id,
  });
  await tx.insert(orderPayments).values({
    orderId: order!.id,
    method: 'upi',
    amountPaise: 100_050,
    reference: '412345678901',
    note: 'முன் "part"',
    collectedBy: admin.id,
    collectorName: 'Owner',
  });
  await tx.insert(orderAppointments).values([
    {
      orderId: order!.id,
      kind: 'trial',
      date: '2026-11-05',
      slotId: retired!.id,
      label: 'காலை "early"',
      bookedBy: 'shop',
      endedAt: at,
      endedHow: 'moved',
    },
    { orderId: order!.id, kind: 'trial', date: '2026-11-06', slotId: retired!.id, label: 'காலை "early"', bookedBy: 'shop', moved: true },
  ]);
  // docs/security.md#tracking-links: a link stopped by her, kept as its hash only.
  await tx.insert(orderShareLinks).values({ orderId: order!.id, tokenHash: 'a'.repeat(64), createdAt: at, revokedAt: at });
  await fillAlteration(tx, order!.id, line!.id, product.id, at);
  await tx.insert(billCounters).values({ year: '2026-27', last: 7 });
  await tx.insert(categoryHsnCodes).values({ category: 'saree-blouse', code: '62064000' });
  await tx.insert(referencePictures).values([
    { userId: user.id, url: '/uploads/references/ref-1-640.webp', usedAt: at },
    { userId: user.id, url: '/uploads/references/ref-2-640.webp' },
  ]);
  await tx.insert(cancelledOrders).values({
    orderNumber: 'TH-ZZ2345',
    userId: admin.id,
    username: 'Owner',
    phoneNumber: '9876543210',
    reason: 'Changed my mind — "sorry"',
    productInfo: [{ image: '/uploads/products/silk-640.webp', name: 'பட்டுப்பாவாடை' }],
  });
  // The key's stored answer is json text, kept byte for byte (spacing and key order included).
  await tx.insert(orderIdempotencyKeys).values({
    userId: user.id,
    key: 'checkout-1',
    requestHash: 'hash-of-the-body',
    response: sql`'{"order": {"orderId":"TH-4K7Q2M",  "status":"designed", "items":[{"name":"பட்டுப்பாவாடை"}]}}'::json` as never,
  });
  await tx.insert(rateLimits).values({ key: 'not-backed-up', windowStartedAt: new Date(), windowMs: 1000, count: 1 });
}

/** Uploads as the image store writes them, plus a nested folder. */
function writeUploads(dataDir: string): void {
  for (const [path, bytes] of [
    ['products/silk-640.webp', 40_000],
    ['products/silk-2-640.webp', 30_000],
    ['banners/b1-1280.webp', 80_000],
    ['references/ref-1-640.webp', 20_000],
    ['products/2026/11/nested-320.webp', 1_000],
  ] as const) {
    const file = join(dataDir, 'uploads', ...path.split('/'));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, randomBytes(bytes));
  }
}

async function openPglite(dataDir: string, template = false): Promise<Database> {
  const file = inject('pgliteTemplate');
  return openDatabase({
    databaseUrl: undefined,
    pgliteDir: join(dataDir, 'db'),
    ...(template && file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}),
  });
}

/** Restore must leave the same shop: rows of every table, uploads, secret. */
async function expectSameShop(source: { db: Db; dataDir: string }, restored: { db: Db; dataDir: string }): Promise<void> {
  const before = await contents(source.db);
  const after = await contents(restored.db);
  // The fixture covers every table, so a table the backup forgot would show.
  for (const [table, rows] of Object.entries(before)) expect(rows.length, `rows in ${table}`).toBeGreaterThan(0);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  expect(await uploads(restored.dataDir)).toEqual(await uploads(source.dataDir));
  expect(Object.keys(await uploads(restored.dataDir))).toHaveLength(5);
  // The per-state order counts are not in the backup: the triggers rebuild them as the orders are
  // restored, to exactly what the orders hold (docs/decisions/019-lists-by-page.md).
  const counted = sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status`;
  const kept = sql`SELECT status, sum(orders)::int AS n FROM order_state_counts GROUP BY status HAVING sum(orders) <> 0 ORDER BY status`;
  expect(await rowsOf(restored.db, kept)).toEqual(await rowsOf(source.db, counted));
  expect((await rowsOf(restored.db, counted)).length).toBeGreaterThan(0);
}

describe('backup and restore on PGlite', () => {
  const source = join(root, 'shop');
  const archive = join(root, 'shop.tar.gz');
  let sourceDb: Database | undefined;

  beforeAll(async () => {
    const database = await openPglite(source, true);
    await fillShop(database.db);
    await database.close();
    writeUploads(source);
    writeFileSync(join(source, 'secret'), 'generated-secret-generated-secret-generated\n', { mode: 0o600 });
  });

  afterAll(async () => {
    await sourceDb?.close();
  });

  it('refuses while the shop holds the database, and changes nothing', async () => {
    const running = await openPglite(source);
    try {
      const { out, error } = lines();
      expect(await backup(['--out', archive], { DATA_DIR: source }, out)).toBe(1);
      expect(error.join('\n')).toMatch(/The shop is running on .*: .* needs the shop stopped/);
      expect(existsSync(archive)).toBe(false);
      expect(readdirSync(root).filter((name) => name.startsWith('.thaiyal-backup-'))).toEqual([]);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('writes one private archive with the database, the uploads and the secret', async () => {
    const { out, info } = lines();
    expect(await backup(['--out', archive], { DATA_DIR: source }, out)).toBe(0);
    expect(info[0]).toMatch(
      /^Backed up \d+ tables \(\d+ rows\) and 5 uploaded files .* from PGlite in .*, with the session secret, to .*shop\.tar\.gz/,
    );
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(expect.arrayContaining(['manifest.json', 'db/orders.jsonl', 'uploads/products/silk-640.webp', 'secret']));
    expect(entries).not.toContain('db/rate_limits.jsonl');
  });

  it('refuses to overwrite an existing file', async () => {
    const { out, error } = lines();
    expect(await backup(['--out', archive], { DATA_DIR: source }, out)).toBe(1);
    expect(error).toEqual([expect.stringContaining('already exists')]);
  });

  it('restores into an empty data directory: every row of every table, every file, the secret', async () => {
    const target = join(root, 'restored');
    const { out, info, error } = lines();
    expect(await restore([archive], { DATA_DIR: target }, out), error.join('\n')).toBe(0);
    expect(info[0]).toMatch(/^Restored \d+ tables \(\d+ rows\) and 5 uploaded files, backed up from pglite at .* into PGlite in /);
    expect(readFileSync(join(target, 'secret'), 'utf8')).toBe(readFileSync(join(source, 'secret'), 'utf8'));
    expect(statSync(join(target, 'secret')).mode & 0o777).toBe(0o600);

    sourceDb = await openPglite(source);
    const restored = await openPglite(target);
    try {
      await expectSameShop({ db: sourceDb.db, dataDir: source }, { db: restored.db, dataDir: target });
      const migrations = sql`SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at`;
      expect(await rowsOf(restored.db, migrations)).toEqual(await rowsOf(sourceDb.db, migrations));
    } finally {
      await restored.close();
    }
    // Creating a PGlite database takes seconds, many more on a busy machine.
  }, 120_000);

  it('refuses a data directory that is not empty, and changes nothing in it', async () => {
    const before = readdirSync(source).sort();
    const { out, error } = lines();
    expect(await restore([archive], { DATA_DIR: source }, out)).toBe(1);
    expect(error).toEqual([expect.stringMatching(/is not empty\. Restore into an empty data directory/)]);
    expect(readdirSync(source).sort()).toEqual(before);
  });

  it('refuses a file that is not a backup, leaving an empty data directory empty', async () => {
    const file = join(root, 'not-a-backup.tar.gz');
    writeFileSync(file, 'hello');
    const target = join(root, 'empty-target');
    mkdirSync(target);
    const { out, error } = lines();
    expect(await restore([file], { DATA_DIR: target }, out)).toBe(1);
    expect(error.join('\n')).toMatch(/is not a readable backup archive|has no manifest/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('refuses a backup whose uploads were damaged, leaving the data directory as it was', async () => {
    const unpacked = join(root, 'unpacked');
    mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    writeFileSync(join(unpacked, 'uploads', 'banners', 'b1-1280.webp'), 'not the picture');
    const damaged = join(root, 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, readdirSync(unpacked));
    const target = join(root, 'from-damaged');
    const { out, error } = lines();
    expect(await restore([damaged], { DATA_DIR: target }, out)).toBe(1);
    expect(error).toEqual([expect.stringContaining('uploads/banners/b1-1280.webp in the backup is damaged')]);
    expect(existsSync(target)).toBe(false);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.tables.map((table) => table.name)).not.toContain('rate_limits');
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore on PostgreSQL', () => {
  const scratches: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });

  async function scratch(): Promise<ScratchDatabase> {
    const made = await createScratchDatabase(process.env.DATABASE_URL!);
    scratches.push(made);
    return made;
  }

  it('backs up a running shop and restores it into an empty database, and a PGlite backup into PostgreSQL', async () => {
    const sourceDir = join(root, 'pg-shop');
    const sourceDb = await scratch();
    const live = await openDatabase({ databaseUrl: sourceDb.url, pgliteDir: undefined });
    try {
      await fillShop(live.db);
      writeUploads(sourceDir);
      const archive = join(root, 'pg-shop.tar.gz');
      // The shop's database stays open (as a running shop's would).
      const made = lines();
      expect(await backup(['--out', archive], { DATA_DIR: sourceDir, DATABASE_URL: sourceDb.url }, made.out)).toBe(0);
      expect(made.info[0]).toMatch(/from PostgreSQL to /);

      const targetDir = join(root, 'pg-restored');
      const targetDb = await scratch();
      const done = lines();
      expect(await restore([archive], { DATA_DIR: targetDir, DATABASE_URL: targetDb.url }, done.out)).toBe(0);
      const restored = await openDatabase({ databaseUrl: targetDb.url, pgliteDir: undefined, migrate: false });
      try {
        await expectSameShop({ db: live.db, dataDir: sourceDir }, { db: restored.db, dataDir: targetDir });
      } finally {
        await restored.close();
      }

      // The same database again (now with rows): refused, nothing touched.
      const again = lines();
      expect(await restore([archive], { DATA_DIR: join(root, 'pg-again'), DATABASE_URL: targetDb.url }, again.out)).toBe(1);
      expect(again.error.join('\n')).toMatch(/The PostgreSQL database is not empty/);
      expect(existsSync(join(root, 'pg-again'))).toBe(false);
    } finally {
      await live.close();
    }

    // From PGlite to PostgreSQL: the way to a server for a live shop.
    const pgliteDir = join(root, 'pglite-for-pg');
    const pglite = await openPglite(pgliteDir, true);
    await fillShop(pglite.db);
    await pglite.close();
    writeUploads(pgliteDir);
    const archive = join(root, 'pglite-for-pg.tar.gz');
    expect(await backup(['--out', archive], { DATA_DIR: pgliteDir }, lines().out)).toBe(0);
    const targetDb = await scratch();
    const targetDir = join(root, 'pg-from-pglite');
    expect(await restore([archive], { DATA_DIR: targetDir, DATABASE_URL: targetDb.url }, lines().out)).toBe(0);
    const fromPglite = await openPglite(pgliteDir);
    const restored = await openDatabase({ databaseUrl: targetDb.url, pgliteDir: undefined, migrate: false });
    try {
      await expectSameShop({ db: fromPglite.db, dataDir: pgliteDir }, { db: restored.db, dataDir: targetDir });
    } finally {
      await restored.close();
      await fromPglite.close();
    }
  }, 120_000);
});

/** Every object of the S3 bucket `storageUrl` names, by key, as sha256 hex: what {@link uploads} is for files. */
async function storedObjects(storageUrl: string): Promise<Record<string, string>> {
  const objects = await openObjectStore(parseConfig({ STORAGE_URL: storageUrl }).storage);
  const result: Record<string, string> = {};
  for (const { key } of await objects.list()) {
    const stored = await objects.get(key);
    result[key] = createHash('sha256')
      .update(await buffer(stored!.body))
      .digest('hex');
  }
  return result;
}

describe('backup and restore with pictures on S3 (STORAGE_URL; docs/decisions/020-pictures-on-s3-compatible-storage.md)', () => {
  let s3: LoopbackS3;
  beforeAll(async () => {
    s3 = await startLoopbackS3(['first-bucket', 'second-bucket', 'third-bucket']);
  });
  afterAll(() => s3?.close());

  it('restores a file backup into a bucket, backs that bucket up and restores it into another: every picture byte for byte', async () => {
    const source = join(root, 's3-source');
    const database = await openPglite(source, true);
    await fillShop(database.db);
    await database.close();
    writeUploads(source);
    const fromFiles = join(root, 's3-from-files.tar.gz');
    expect(await backup(['--out', fromFiles], { DATA_DIR: source }, lines().out)).toBe(0);
    const files = await uploads(source);

    // Into the first bucket: the pictures become objects, DATA_DIR holds no uploads folder.
    const first = { DATA_DIR: join(root, 's3-first'), STORAGE_URL: s3.urlOfBucket('first-bucket') };
    const restored = lines();
    expect(await restore([fromFiles], first, restored.out)).toBe(0);
    expect(restored.info[0]).toMatch(
      /and 5 uploaded files, .* into PGlite in .* with the pictures in http:\/\/127\.0\.0\.1:\d+\/first-bucket\//,
    );
    expect(await storedObjects(first.STORAGE_URL)).toEqual(files);
    expect(existsSync(join(first.DATA_DIR, 'uploads'))).toBe(false);

    // Backed up from the bucket: the same manifest of uploads.
    const fromBucket = join(root, 's3-from-bucket.tar.gz');
    expect(await backup(['--out', fromBucket], first, lines().out)).toBe(0);
    const entries: string[] = [];
    await tar.list({ file: fromBucket, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(expect.arrayContaining(['uploads/products/2026/11/nested-320.webp', 'uploads/banners/b1-1280.webp']));

    // A bucket that holds pictures is refused, as a data directory that is not empty is.
    const refused = lines();
    expect(await restore([fromBucket], { ...first, DATA_DIR: join(root, 's3-refused') }, refused.out)).toBe(1);
    expect(refused.error).toEqual([expect.stringMatching(/already holds 5 objects\. Restore into an empty bucket/)]);
    expect(existsSync(join(root, 's3-refused'))).toBe(false);

    const second = { DATA_DIR: join(root, 's3-second'), STORAGE_URL: s3.urlOfBucket('second-bucket') };
    expect(await restore([fromBucket], second, lines().out)).toBe(0);
    expect(await storedObjects(second.STORAGE_URL)).toEqual(files);
    const sourceDb = await openPglite(source);
    const secondDb = await openPglite(second.DATA_DIR);
    try {
      const before = await contents(sourceDb.db);
      expect(await contents(secondDb.db)).toEqual(before);
    } finally {
      await secondDb.close();
      await sourceDb.close();
    }
  }, 240_000);

  it('removes the objects it put when a restore fails after all, leaving the bucket empty', async () => {
    const unpacked = join(root, 's3-unpacked');
    mkdirSync(unpacked);
    await tar.extract({ file: join(root, 's3-from-files.tar.gz'), cwd: unpacked });
    // A file the manifest does not list and that is no key the shop makes: refused after the others went up.
    mkdirSync(join(unpacked, 'uploads', 'zz'));
    writeFileSync(join(unpacked, 'uploads', 'zz', 'Not A Key.webp'), 'x');
    const odd = join(root, 's3-odd.tar.gz');
    await tar.create({ gzip: true, file: odd, cwd: unpacked }, readdirSync(unpacked));
    const target = { DATA_DIR: join(root, 's3-odd-target'), STORAGE_URL: s3.urlOfBucket('third-bucket') };
    const failed = lines();
    expect(await restore([odd], target, failed.out)).toBe(1);
    expect(failed.error).toEqual(['uploads/zz/Not A Key.webp in the backup is not a picture the shop stores; it was not restored.']);
    expect(await storedObjects(target.STORAGE_URL)).toEqual({});
    expect(existsSync(target.DATA_DIR)).toBe(false);
  }, 240_000);
});
