import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderLines, orders } from '../../db/schema/index.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder } from '../../../test/admin-support.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { scriptRuns } from './bill.pdf.js';

// docs/product.md#the-bill.
let context: TestContext, admin: TestUser, meena: TestUser, kavya: TestUser;

beforeAll(async () => {
  context = await createTestContext({ SHOP_GSTIN: '33ABCDE1234F1Z5', SHOP_LEGAL_NAME: 'Thaiyal Tailoring' });
  admin = await createUser(context, { role: 'admin' });
  meena = await createUser(context, { username: 'Meena' });
  kavya = await createUser(context, { username: 'Kavya' });
});

afterAll(() => context?.close());

/** A designed order of Meena's with a Tamil-named line, delivered through the API (which numbers its bill), with a cash payment. */
async function deliveredOrder(): Promise<{ orderNumber: string; billNumber: string }> {
  const orderNumber = await insertOrder(context, meena.id, {
    status: 'designed',
    lines: [{ name: 'Silk Blouse', pricePaise: 145_050, quantity: 2 }],
  });
  const [row] = await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  await context.database.db
    .update(orderLines)
    .set({ nameTa: 'காஞ்சிப் பட்டு ரவிக்கை', priceNote: 'லைனிங் சேர்க்கப்பட்டது' })
    .where(eq(orderLines.orderId, row!.id));
  expect(
    (await injectAs(context, admin, 'POST', `/api/admin/orders/${orderNumber}/payments`, { method: 'cash', amount: 1000 })).statusCode,
  ).toBe(201);
  const delivered = await injectAs(context, admin, 'PUT', `/api/orders/status/${orderNumber}`, { status: 'delivered' });
  return { orderNumber, billNumber: delivered.json().order.billNumber };
}

describe('GET /api/orders/bill/:orderId', () => {
  it('draws the shopper’s bill: a page that is not blank, with the order and bill numbers, the seller, GSTIN, the Tamil name, total and payments', async () => {
    const { orderNumber, billNumber } = await deliveredOrder();
    expect(billNumber).toMatch(/^TH\/\d{4}-\d{2}\/\d{4}$/);
    const response = await injectAs(context, meena, 'GET', `/api/orders/bill/${orderNumber}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="bill-${orderNumber}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = await renderPdfPage(response.rawPayload);
    // A blank A4 page at 1.5× has no inked pixel; this bill inks tens of thousands.
    expect(page.inkedPixels).toBeGreaterThan(5_000);
    for (const text of [orderNumber, billNumber, 'Thaiyal Tailoring', 'GSTIN 33ABCDE1234F1Z5', '2,901.00', '1,000.00', '1,901.00']) {
      expect(page.text).toContain(text);
    }
    // Amounts are read back without their ₹, which is a run of its own (the Tamil font's).
    // The Tamil name is drawn in the Tamil font (its glyphs are in the page; pdfjs reads them back in visual order).
    expect(page.text).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('prints the HSN code of each garment whose category has one (docs/product.md#hsn-codes)', async () => {
    const [blouse, nightie] = await seedProducts(context, [
      { name: 'Coded Blouse', category: 'saree-blouse' },
      { name: 'Plain Nightie', category: 'nightwear' },
    ]);
    expect((await injectAs(context, admin, 'PUT', '/api/admin/hsn-codes', { codes: { 'saree-blouse': '62064000' } })).statusCode).toBe(200);
    const orderNumber = await insertOrder(context, meena.id, {
      status: 'designed',
      lines: [
        { productId: blouse!, name: 'Coded Blouse', pricePaise: 90_000 },
        { productId: nightie!, name: 'Plain Nightie', pricePaise: 40_000 },
      ],
    });
    expect((await injectAs(context, admin, 'PUT', `/api/orders/status/${orderNumber}`, { status: 'delivered' })).statusCode).toBe(200);
    const page = await renderPdfPage((await injectAs(context, meena, 'GET', `/api/orders/bill/${orderNumber}`)).rawPayload);
    expect(page.text).toContain('HSN 62064000');
    expect(page.text.match(/HSN/g)).toHaveLength(1);
  });

  it('lets an admin download any order’s bill', async () => {
    const { orderNumber } = await deliveredOrder();
    expect((await injectAs(context, admin, 'GET', `/api/orders/bill/${orderNumber}`)).statusCode).toBe(200);
  });

  it('refuses: 409 before delivery, 404 another shopper’s or an unknown order, 401 a visitor', async () => {
    const { orderNumber } = await deliveredOrder();
    const designed = await insertOrder(context, meena.id, { status: 'designed' });
    const early = await injectAs(context, meena, 'GET', `/api/orders/bill/${designed}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().reason).toBe('payment.noBillYet');
    expect((await injectAs(context, kavya, 'GET', `/api/orders/bill/${orderNumber}`)).statusCode).toBe(404);
    expect((await injectAs(context, admin, 'GET', '/api/orders/bill/TH-ZZZZZZ')).statusCode).toBe(404);
    expect((await injectAs(context, undefined, 'GET', `/api/orders/bill/${orderNumber}`)).statusCode).toBe(401);
  });
});

describe('the delivery mail', () => {
  it('carries the bill as a PDF attachment', async () => {
    const { orderNumber } = await deliveredOrder();
    // Without SMTP_URL each mail is written as an .eml file into DATA_DIR/outbox once sent.
    const outbox = join(context.dataDir, 'outbox');
    const mail = await vi.waitFor(
      () => {
        const files = existsSync(outbox) ? readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8')) : [];
        const found = files.find((text) => text.includes(`bill-${orderNumber}.pdf`));
        if (!found) throw new Error('the delivery mail is not written yet');
        return found;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(mail).toMatch(/Content-Type: application\/pdf; name="?bill-/);
    const base64 = /filename="?bill-[^\n]+\n(?:[^\n]+\n)*?\n([A-Za-z0-9+/=\n]+)/.exec(mail)?.[1] ?? '';
    expect(Buffer.from(base64.replace(/\n/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('scriptRuns', () => {
  it('cuts text into Tamil and Latin runs, the rupee sign with Tamil, spaces with the run they are in', () => {
    expect(scriptRuns('Total · மொத்தம் ₹12')).toEqual([
      { tamil: false, text: 'Total · ' },
      { tamil: true, text: 'மொத்தம் ₹' },
      { tamil: false, text: '12' },
    ]);
  });
});
