import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  CancelledOrderListResponseSchema,
  StatusUpdateResponseSchema,
  type OrderStatus,
} from '@thaiyal/contract';
import { cancelledOrders, orderLines, orders } from '../../db/schema/index.js';
import { countStatements, createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { mailText, type SmtpCapture } from '../../../test/smtp-capture.js';
import { insertOrder, openOrderTestBed, plainText, TEST_ADDRESS, type OrderTestBed } from '../../../test/admin-support.js';

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, smtp: SmtpCapture, admin: TestUser, meena: TestUser, kavya: TestUser;

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, smtp, admin } = bed);
  [meena, kavya] = bed.shoppers;
});

afterAll(() => bed?.close());

function asAdmin(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return bed.send(admin, method, url, payload);
}

describe('GET /api/orders/status', () => {
  it("lists every customer's order newest first, with lines, address, rupee prices and the customer", async () => {
    const older = await insertOrder(context, meena.id, {
      createdAt: new Date('2026-10-01T09:00:00Z'),
      lines: [
        { name: 'Silk Blouse', image: '/uploads/products/silk-640.webp', quantity: 2, pricePaise: 125_050 },
        { name: 'Palazzo', image: '/uploads/products/pal-640.webp', quantity: 1, pricePaise: 60_000 },
      ],
    });
    const newer = await insertOrder(context, kavya.id, { createdAt: new Date('2026-10-05T09:00:00Z'), status: 'visited' });

    const response = await asAdmin('GET', '/api/orders/status');
    expect(response.statusCode).toBe(200);
    const { orders: list } = AdminOrderListResponseSchema.parse(response.json());
    const ours = list.filter((order) => [older, newer].includes(order.orderId));
    expect(ours.map((order) => order.orderId)).toEqual([newer, older]);
    expect(ours[0]).toMatchObject({ status: 'visited', customer: { username: 'Kavya', email: kavya.email } });
    expect(ours[1]).toMatchObject({
      orderId: older,
      status: 'call',
      purchaseDate: '2026-10-01T09:00:00.000Z',
      totalPrice: 3101,
      paymentMethod: 'cod',
      address: TEST_ADDRESS,
      customer: { username: 'Meena', email: meena.email },
      items: [
        { productId: null, name: 'Silk Blouse', image: '/uploads/products/silk-640.webp', quantity: 2, price: 1250.5 },
        { productId: null, name: 'Palazzo', image: '/uploads/products/pal-640.webp', quantity: 1, price: 600 },
      ],
    });
  });

  it('shows each order exactly as its customer sees it in GET /api/orders, timestamps to the millisecond', async () => {
    // Default timestamps carry microseconds: both lists must cut them the same way.
    await insertOrder(context, meena.id, { lines: [{ pricePaise: 99_999, quantity: 3 }, { pricePaise: 1 }] });
    await insertOrder(context, meena.id, { status: 'designed', createdAt: new Date('2026-09-30T23:59:59.999Z') });
    const admins = AdminOrderListResponseSchema.parse((await asAdmin('GET', '/api/orders/status')).json()).orders;
    const own = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: meena.cookie } });
    expect(own.statusCode).toBe(200);
    const mine = (own.json() as { orders: Array<{ orderId: string }> }).orders;
    expect(mine.length).toBeGreaterThan(1);
    for (const order of mine) {
      const {
        customer,
        language: _language,
        risk: _risk,
        ...seenByAdmin
      } = admins.find((candidate) => candidate.orderId === order.orderId)!;
      expect(seenByAdmin).toEqual(order);
      expect(customer).toEqual({ username: 'Meena', email: meena.email });
    }
  });

  it('uses a fixed number of statements whatever the number of orders (no N+1)', async () => {
    for (let index = 0; index < 5; index++) await insertOrder(context, meena.id, { lines: [{}, {}] });
    const count = () =>
      countStatements(context, async () => {
        const response = await asAdmin('GET', '/api/orders/status');
        expect(response.statusCode).toBe(200);
      });
    const withSeven = await count();
    expect(withSeven).toBeGreaterThan(0);
    for (let index = 0; index < 10; index++) await insertOrder(context, kavya.id);
    expect(await count()).toBe(withSeven);
  });
});

/** The status words the Tamil half of the mail must carry. */
// The status mail names the status in the customer's words, as her timeline does (docs/product.md#the-tailoring-workflow).
const ENGLISH_STATUS: Record<OrderStatus, string> = {
  call: 'Order received - we will call you',
  visited: 'Home visit done',
  designed: 'Stitching done',
  delivered: 'Delivered',
};
const TAMIL_STATUS: Record<OrderStatus, string> = {
  call: 'ஆர்டர் கிடைத்தது - நாங்கள் உங்களை அழைப்போம்',
  visited: 'வீட்டு வருகை முடிந்தது',
  designed: 'தையல் முடிந்தது',
  delivered: 'டெலிவரி ஆனது',
};

describe('PUT /api/orders/status/:orderId', () => {
  it.each<OrderStatus>(['visited', 'designed', 'delivered', 'call'])(
    'sets %s, answers the message and the order, and e-mails the customer in English and Tamil',
    async (status) => {
      const orderNumber = await insertOrder(context, meena.id, { status: status === 'call' ? 'delivered' : 'call' });
      const since = smtp.mails.length;
      const response = await asAdmin('PUT', `/api/orders/status/${orderNumber}`, { status });
      expect(response.statusCode).toBe(200);
      const body = StatusUpdateResponseSchema.parse(response.json());
      expect(body.message).toBe(`Order status updated to ${status}`);
      expect(body.order).toMatchObject({ orderId: orderNumber, status, customer: { username: 'Meena', email: meena.email } });
      const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      expect(row?.status).toBe(status);

      const mail = await smtp.waitFor(meena.email, { since });
      const text = plainText(mail);
      expect(text).toContain(orderNumber);
      expect(text).toContain(`Your order ${orderNumber}: ${ENGLISH_STATUS[status]}.`);
      expect(text).toContain('வணக்கம்');
      expect(text).toContain(TAMIL_STATUS[status]);
      expect(mail.raw).toMatch(/^Subject: /m);
      expect(text).toContain('http://localhost:3000/myOrders');
      // docs/product.md#the-tailoring-workflow: the timeline, each step with its time in India.
      const events = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: meena.cookie } });
      const timeline = (events.json() as { orders: { orderId: string; timeline: { status: string; at: string }[] }[] }).orders.find(
        (order) => order.orderId === orderNumber,
      )!.timeline;
      expect(timeline.length).toBeGreaterThan(0);
      const when = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      });
      expect(text).toContain('Timeline:');
      expect(text).toContain(`Order received - we will call you: ${when.format(new Date(timeline[0]!.at))}`);
      expect(text).toContain('நிலை வரலாறு:');
      expect(mailText(mail)).toMatch(/<th[^>]*>When<\/th>/);
      expect(text).toContain('https://wa.me/919876543210');
    },
  );

  it("answers the order as the admin's list shows it, each line linking to its product's category (docs/product.md#my-orders)", async () => {
    const [blouse] = await seedProducts(context, [{ name: 'Linked Blouse', category: 'saree-blouse', pricePaise: 50_000 }]);
    const orderNumber = await insertOrder(context, meena.id, {
      lines: [{ productId: blouse!, name: 'Linked Blouse', pricePaise: 50_000 }],
    });
    const since = smtp.mails.length;
    const response = await asAdmin('PUT', `/api/orders/status/${orderNumber}`, { status: 'visited' });
    const { order } = StatusUpdateResponseSchema.parse(response.json());
    expect(order.items.map((item) => item.category)).toEqual(['saree-blouse']);
    // Its mail is sent before the next test counts the mails it causes.
    await smtp.waitFor(meena.email, { since });
    const listed = AdminOrderListResponseSchema.parse((await asAdmin('GET', `/api/orders/status?q=${orderNumber}`)).json()).orders;
    expect(order.items).toEqual(listed.find((one) => one.orderId === orderNumber)!.items);
  });

  it("the customer's own order list follows the admin's change", async () => {
    const orderNumber = await insertOrder(context, kavya.id);
    expect((await asAdmin('PUT', `/api/orders/status/${orderNumber}`, { status: 'designed' })).statusCode).toBe(200);
    const mine = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: kavya.cookie } });
    expect(mine.statusCode).toBe(200);
    const found = (mine.json() as { orders: { orderId: string; status: string }[] }).orders.find((o) => o.orderId === orderNumber);
    expect(found?.status).toBe('designed');
  });

  it('sends no mail when the status does not change', async () => {
    const orderNumber = await insertOrder(context, kavya.id, { status: 'visited' });
    const since = smtp.mails.length;
    const response = await asAdmin('PUT', `/api/orders/status/${orderNumber}`, { status: 'visited' });
    expect(response.statusCode).toBe(200);
    // A later change does mail, and it is the first one since: the unchanged one sent nothing.
    await asAdmin('PUT', `/api/orders/status/${orderNumber}`, { status: 'designed' });
    const mail = await smtp.waitFor(kavya.email, { since });
    expect(plainText(mail)).toContain(': Stitching done.');
    expect(smtp.mails.slice(since)).toHaveLength(1);
  });

  it('still answers 200 when the mail cannot be sent', async () => {
    const broken = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const brokenAdmin = await createUser(broken, { role: 'admin' });
      const customer = await createUser(broken);
      const orderNumber = await insertOrder(broken, customer.id);
      const response = await broken.app.inject({
        method: 'PUT',
        url: `/api/orders/status/${orderNumber}`,
        payload: { status: 'visited' },
        headers: { cookie: brokenAdmin.cookie },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it.each([
    { label: 'an unknown status', orderId: 'existing', payload: { status: 'shipped' }, status: 400 },
    { label: 'a status in capitals', orderId: 'existing', payload: { status: 'DELIVERED' }, status: 400 },
    { label: 'no status', orderId: 'existing', payload: {}, status: 400 },
    { label: 'an extra field', orderId: 'existing', payload: { status: 'call', totalPaise: 1 }, status: 400 },
    { label: 'an unknown order', orderId: 'TH-NOPE00', payload: { status: 'call' }, status: 404 },
    { label: 'an over-long order id', orderId: 'TH-'.padEnd(30, 'X'), payload: { status: 'call' }, status: 400 },
  ])('$label → $status, nothing changed', async ({ orderId, payload, status }) => {
    const existing = await insertOrder(context, meena.id, { status: 'visited' });
    const response = await asAdmin('PUT', `/api/orders/status/${orderId === 'existing' ? existing : orderId}`, payload);
    expect(response.statusCode).toBe(status);
    const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, existing));
    expect(row?.status).toBe('visited');
  });
});

describe('DELETE /api/orders/delivered/delete/:orderId', () => {
  it('deletes a delivered order and its lines', async () => {
    const orderNumber = await insertOrder(context, meena.id, { status: 'delivered', lines: [{}, {}] });
    const response = await asAdmin('DELETE', `/api/orders/delivered/delete/${orderNumber}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'deleted' });
    expect(await context.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber))).toEqual([]);
    const list = AdminOrderListResponseSchema.parse((await asAdmin('GET', '/api/orders/status')).json());
    expect(list.orders.map((order) => order.orderId)).not.toContain(orderNumber);
  });

  it.each<OrderStatus>(['call', 'visited', 'designed'])('a %s order → 409 and it stays', async (status) => {
    const orderNumber = await insertOrder(context, meena.id, { status });
    const response = await asAdmin('DELETE', `/api/orders/delivered/delete/${orderNumber}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'conflict',
      message: 'Only delivered orders can be deleted',
      reason: 'admin.onlyDeliveredDeletable',
    });
    const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row?.status).toBe(status);
    expect(await context.database.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id))).toHaveLength(1);
  });

  it('an unknown order → 404', async () => {
    const response = await asAdmin('DELETE', '/api/orders/delivered/delete/TH-NOPE00');
    expect(response.statusCode).toBe(404);
  });
});

describe('cancelled orders', () => {
  it('GET /api/orders/cancel lists the records newest first; DELETE /api/orders/delete/:id removes one', async () => {
    const [old, recent] = await context.database.db
      .insert(cancelledOrders)
      .values([
        {
          orderNumber: 'TH-OLD001',
          userId: meena.id,
          username: 'Meena',
          phoneNumber: '9876543210',
          reason: 'Ordered twice',
          productInfo: [{ image: '/uploads/products/a-640.webp', name: 'Silk Blouse' }],
          createdAt: new Date('2026-09-01T10:00:00Z'),
        },
        {
          orderNumber: 'TH-NEW001',
          userId: kavya.id,
          username: 'Kavya',
          phoneNumber: '9123456780',
          reason: 'Need it sooner',
          productInfo: [
            { image: '/uploads/products/b-640.webp', name: 'Frock' },
            { image: '/uploads/products/c-640.webp', name: 'Pant' },
          ],
          createdAt: new Date('2026-09-03T10:00:00Z'),
        },
      ])
      .returning({ id: cancelledOrders.id });

    const response = await asAdmin('GET', '/api/orders/cancel');
    expect(response.statusCode).toBe(200);
    const { cancelledOrders: list } = CancelledOrderListResponseSchema.parse(response.json());
    expect(list.map((record) => record._id)).toEqual([recent!.id, old!.id]);
    expect(list[0]).toEqual({
      _id: recent!.id,
      orderId: 'TH-NEW001',
      username: 'Kavya',
      phoneNumber: '9123456780',
      reason: 'Need it sooner',
      createdAt: '2026-09-03T10:00:00.000Z',
      productInfo: [
        { image: '/uploads/products/b-640.webp', name: 'Frock' },
        { image: '/uploads/products/c-640.webp', name: 'Pant' },
      ],
    });

    const deleted = await asAdmin('DELETE', `/api/orders/delete/${old!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Order deleted successfully' });
    const after = CancelledOrderListResponseSchema.parse((await asAdmin('GET', '/api/orders/cancel')).json());
    expect(after.cancelledOrders.map((record) => record._id)).toEqual([recent!.id]);

    const again = await asAdmin('DELETE', `/api/orders/delete/${old!.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('a malformed record id → 400', async () => {
    expect((await asAdmin('DELETE', '/api/orders/delete/TH-NEW001')).statusCode).toBe(400);
  });
});
