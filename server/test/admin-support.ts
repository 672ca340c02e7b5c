import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Address, OrderStateCounts, OrderStatus } from '@thaiyal/contract';
import { addresses, orderEvents, orderLines, orders } from '../src/db/schema/index.js';
import { createTestContext, createUser, injectAs, type TestContext, type TestUser } from './harness.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture.js';
import type { Clock } from '../src/platform/clock.js';

/** One file of a test upload. */
export interface TestFile {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/**
 * A multipart/form-data body built by the platform's own FormData encoder (undici, through
 * `new Response(form)`), so the tests send what a browser sends: bytes and content type
 * with its boundary, ready for `app.inject`.
 */
export async function multipartBody(
  fields: Record<string, string | string[]>,
  files: readonly TestFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** Every file under `DATA_DIR/uploads`, as paths relative to it, sorted (none when absent). */
export function uploadedFiles(context: TestContext): string[] {
  const root = join(context.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** The file on disk of an `/uploads/...` URL. */
export function uploadPath(context: TestContext, url: string): string {
  return join(context.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));
}

export const TEST_ADDRESS: Address = {
  name: 'Meena',
  phoneNumber: '9876543210',
  doorNumber: '12A',
  street: 'Kovai Road',
  city: 'pollachi',
  state: 'tamilnadu',
  pinCode: '642001',
};

/** Saves {@link TEST_ADDRESS} as user `userId`'s address, straight in the table (accounts are another module). */
export async function saveTestAddress(context: TestContext, userId: string): Promise<void> {
  await context.database.db.insert(addresses).values({ userId, ...TEST_ADDRESS });
}

/** A new signed-in shopper (`createUser`) with {@link TEST_ADDRESS} saved, ready to place an order. */
export async function createShopper(context: TestContext): Promise<TestUser> {
  const user = await createUser(context);
  await saveTestAddress(context, user.id);
  return user;
}

/** What {@link openOrderTestBed} sets up for one test file; `Names` are its named shoppers' usernames. */
export interface OrderTestBed<Names extends readonly string[] = []> {
  /** The app on its own database, configured with `SMTP_URL` (the capture below) and the `env` given. */
  context: TestContext;
  /** The SMTP capture on loopback that receives every mail the shop sends. */
  smtp: SmtpCapture;
  /** A signed-in admin. */
  admin: TestUser;
  /** One signed-in shopper per name given, in the same order, with that username and no address. */
  shoppers: { [K in keyof Names]: TestUser };
  /** {@link createShopper} on this bed's context: a new signed-in shopper with {@link TEST_ADDRESS} saved. */
  shopper(): Promise<TestUser>;
  /** {@link injectAs} on this bed's context: `method url` as `user`, with `payload` as JSON when given. */
  send(user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): ReturnType<typeof injectAs>;
  /** Close the app and its database, then the SMTP capture. */
  close(): Promise<void>;
}

/**
 * The setup the admin and order test files share: start an SMTP capture, open a test context
 * (`createTestContext`) with `SMTP_URL` pointing at it plus `options.env` (e.g. `SHOP_EMAIL`),
 * (and `options.clock`, the app's clock, when given),
 * and create a signed-in admin and one signed-in shopper per `options.shoppers` username.
 * Returns them with `shopper()` (a new shopper with a saved address), `send()` and `close()`
 * (call it in `afterAll`); when a step fails, what was already opened is closed before the error
 * is thrown. Serves docs/architecture.md#testing: through HTTP with `app.inject` on a real
 * database, mail checked through a real SMTP capture on loopback.
 */
export async function openOrderTestBed<const Names extends readonly string[] = []>(
  options: { env?: Record<string, string>; shoppers?: Names; clock?: Clock } = {},
): Promise<OrderTestBed<Names>> {
  const smtp = await startSmtpCapture();
  let context: TestContext | undefined;
  try {
    context = await createTestContext({ SMTP_URL: smtp.url, ...options.env }, options.clock);
    const opened = context;
    const admin = await createUser(opened, { role: 'admin' });
    const shoppers: TestUser[] = [];
    for (const username of options.shoppers ?? []) shoppers.push(await createUser(opened, { username }));
    return {
      context: opened,
      smtp,
      admin,
      shoppers: shoppers as { [K in keyof Names]: TestUser },
      shopper: () => createShopper(opened),
      send: (user, method, url, payload) => injectAs(opened, user, method, url, payload),
      async close() {
        await opened.close();
        await smtp.close();
      },
    };
  } catch (error) {
    await context?.close();
    await smtp.close();
    throw error;
  }
}

/** An order line to insert: the order's own copy of name, image and price. */
export interface TestLine {
  productId?: string | null;
  name?: string;
  image?: string;
  quantity?: number;
  pricePaise?: number;
}

/**
 * Insert an order and its lines straight into the database (as the orders module's
 * `POST /orders` would), returning its public number. Its address is {@link TEST_ADDRESS} with
 * `options.address`'s fields over it.
 */
export async function insertOrder(
  context: TestContext,
  userId: string,
  options: { status?: OrderStatus; createdAt?: Date; lines?: TestLine[]; address?: Partial<Address> } = {},
): Promise<string> {
  const orderNumber = `TH-${randomBytes(4).toString('hex').slice(0, 6).toUpperCase()}`;
  const lines = (options.lines ?? [{}]).map((line, position) => ({
    position,
    productId: line.productId ?? null,
    name: line.name ?? `Line ${position + 1}`,
    image: line.image ?? '/uploads/products/nothing-640.webp',
    quantity: line.quantity ?? 1,
    pricePaise: line.pricePaise ?? 50_000,
  }));
  const totalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  await context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        orderNumber,
        userId,
        status: options.status ?? 'call',
        totalPaise,
        address: { ...TEST_ADDRESS, ...options.address },
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning({ id: orders.id, status: orders.status, createdAt: orders.createdAt });
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row!.id })));
    // One timeline step, as the migration wrote for orders placed before the timeline (docs/product.md#the-tailoring-workflow).
    await tx.insert(orderEvents).values({ orderId: row!.id, status: row!.status, at: row!.createdAt });
  });
  return orderNumber;
}

/**
 * The decoded text/plain part of a captured mail (base64 or quoted-printable, UTF-8), so a
 * test can look for Tamil words as well as English ones.
 */
export function plainText(mail: CapturedMail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  // Every boundary, outer and nested (a mail with an attachment wraps its text and HTML in a second multipart).
  const boundaries = [...raw.matchAll(/boundary="?([^";\n]+)"?/gi)].map((match) => match[1]!);
  const parts = boundaries.reduce((all, boundary) => all.flatMap((one) => one.split(`--${boundary}`)), [raw]);
  const part = parts.find((one) => /^\s*content-type: text\/plain/i.test(one)) ?? raw;
  const headerEnd = part.search(/\n\n/);
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 2);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Every state's count as the orders table itself holds them (`count(*) … group by status`):
 * what the per-state counts that `GET /api/orders/status` answers must equal
 * (docs/decisions/019-lists-by-page.md).
 */
export async function storedStateCounts(context: TestContext): Promise<OrderStateCounts> {
  const rows = await context.database.db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  const counts: OrderStateCounts = { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
