import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { oneTimeCodeIn, waitForMail } from './mail.js';

/** A shopper made for one test. */
export interface Shopper {
  username: string;
  email: string;
  password: string;
}

/**
 * Signs a new shopper up through the API and verifies the e-mail with the one-time code read
 * from the SMTP capture, in the page's own cookie jar: the page is signed in afterwards
 * (docs/product.md#sign-up: sign-up, code by mail, verify). The sign-up screens themselves are the
 * accounts journey's subject; shopping specs only need a signed-in shopper. Each shopper signs up
 * from an address of her own in TEST-NET-3 (203.0.113.0/24, never routed), sent as
 * X-Forwarded-For to the e2e shop, which trusts it as behind a proxy (playwright.config.ts).
 */
export async function signUpShopper(page: Page, username = 'Meena'): Promise<Shopper> {
  const shopper = { username, email: `shopper-${randomUUID().slice(0, 8)}@example.test`, password: 'tailor-made-6' };
  // Her phone's address, for the sign-up and for the code she types (both limited per address).
  const from = { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` };
  const signup = await page.request.post('/api/auth/signup', {
    data: { username: shopper.username, email: shopper.email, password: shopper.password },
    headers: from,
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = oneTimeCodeIn(await waitForMail(shopper.email));
  const verify = await page.request.post('/api/auth/verify/otp', { data: { otp: code }, headers: from });
  expect(verify.status(), await verify.text()).toBe(200);
  return shopper;
}

/** A product as the catalog's API lists it (docs/product.md#entities); `price` in rupees. */
export interface ListedProduct {
  _id: string;
  name: string;
  price: number;
}

/** The first product `GET /api/product/category/{category}` lists: the category page's first card. */
export async function firstProductOf(page: Page, category: string): Promise<ListedProduct> {
  const response = await page.request.get(`/api/product/category/${category}`);
  expect(response.ok(), await response.text()).toBe(true);
  const product = ((await response.json()) as { products: ListedProduct[] }).products[0];
  if (!product) throw new Error(`no product in ${category}`);
  return product;
}

/** An address in the service area (docs/product.md#address), the one the shopping journeys type. */
const MEENAS_ADDRESS = {
  name: 'Meena Sundaram',
  phoneNumber: '9876543210',
  doorNumber: '12A',
  street: 'Kovai Road',
  pinCode: '642001',
} as const;

/** Saves the signed-in shopper's address through the API (`POST /api/auth/address`). */
export async function saveAddress(page: Page, address: Record<string, string> = MEENAS_ADDRESS): Promise<void> {
  const saved = await page.request.post('/api/auth/address', { data: address });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Puts `quantity` of a product in the signed-in shopper's cart through the API (`POST /api/cart`, then `PUT` the quantity). */
export async function putInCart(page: Page, productId: string, quantity = 1): Promise<void> {
  const added = await page.request.post('/api/cart', { data: { productId } });
  expect(added.ok(), await added.text()).toBe(true);
  if (quantity === 1) return;
  const changed = await page.request.put(`/api/cart/${productId}`, { data: { quantity } });
  expect(changed.ok(), await changed.text()).toBe(true);
}

/**
 * Places a cash-on-delivery order of the lines through the API (`POST /api/orders`, the shopper
 * signed in with an address saved) and returns its number (`TH-…`).
 */
export async function placeOrderThroughApi(page: Page, lines: Array<{ product: ListedProduct; quantity: number }>): Promise<string> {
  // Rupees with at most two decimals, as the API takes them: no float residue from the sum.
  const totalAmt = Math.round(lines.reduce((sum, line) => sum + line.product.price * line.quantity * 100, 0)) / 100;
  const placed = await page.request.post('/api/orders', {
    data: { items: lines.map((line) => ({ productId: line.product._id, quantity: line.quantity })), totalAmt },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { orderId: string } }).order.orderId;
}
