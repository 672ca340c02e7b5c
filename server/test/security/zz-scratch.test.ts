import { it } from 'vitest';
import { createTestContext, createUser, seedProducts } from '../harness.js';
it('scratch', async () => {
  const c = await createTestContext();
  const u = await createUser(c);
  const [p] = await seedProducts(c, [{}]);
  for (const [method, url, payload] of [
    ['POST', '/api/auth/address', { name: 'a\u0000b', phoneNumber: '9876543210', doorNumber: '1', street: 'x', pinCode: '642001' }],
    ['POST', '/api/orders/cancel', { orderId: 'TH-\u0000', reason: 'x' }],
    ['POST', '/api/orders/cancel', { orderId: 'TH-AAAAAA', reason: 'x\u0000' }],
    ['POST', '/api/contact', { name: 'a\u0000', email: 'a@b.co', phone: '1', message: 'x' }],
    ['POST', '/api/auth/signup', { username: 'a\u0000', email: 'zz@b.co', password: 'xxxxxxxx' }],
    ['POST', '/api/auth/signin', { email: 'a\u0000@b.co', password: 'xxxxxxxx' }],
    ['PUT', '/api/orders/status/TH-%00', { status: 'call' }],
    ['GET', '/api/product/category/%00', undefined],
  ] as const) {
    const r = await c.app.inject({ method, url, payload: payload as any, headers: { cookie: u.cookie } });
    console.log(method, url, r.statusCode, r.body.slice(0, 200));
  }
  await c.close();
});
