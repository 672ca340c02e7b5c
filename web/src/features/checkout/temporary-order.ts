import { useSyncExternalStore } from 'react';

/** One line of the temporary order (docs/product.md#entities: productID, image, price, quantity; the name for display). */
export interface TemporaryOrderItem {
  productID: string;
  name: string;
  /** The product's Tamil name, shown on a Tamil page ('' or absent when none; docs/product.md#languages). */
  nameTa?: string;
  /** The product's first picture URL ('' when it has none). */
  image: string;
  /** Rupees each, as the cart or product page showed it. */
  price: number;
  quantity: number;
}

/** What the shopper is about to order (docs/product.md#entities Temporary order): the lines and their total in rupees. */
export interface TemporaryOrder {
  items: TemporaryOrderItem[];
  totalAmount: number;
}

/**
 * sessionStorage key of the temporary order: it survives a reload of /placeorder but not the
 * tab, so a forgotten checkout never resurfaces days later.
 */
export const TEMPORARY_ORDER_KEY = 'thaiyal.temporaryOrder';

const EMPTY: TemporaryOrder = { items: [], totalAmount: 0 };

/** Sum of price × quantity, rounded to whole paise (the server's total is in paise). */
export function orderTotal(items: readonly Pick<TemporaryOrderItem, 'price' | 'quantity'>[]): number {
  const paise = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return paise / 100;
}

function isItem(value: unknown): value is TemporaryOrderItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.productID === 'string' &&
    typeof item.name === 'string' &&
    (item.nameTa === undefined || typeof item.nameTa === 'string') &&
    typeof item.image === 'string' &&
    typeof item.price === 'number' &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) > 0
  );
}

function read(): TemporaryOrder {
  try {
    const raw = sessionStorage.getItem(TEMPORARY_ORDER_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as { items?: unknown };
    const items = Array.isArray(parsed.items) ? parsed.items.filter(isItem) : [];
    // The total is recomputed, so a hand-edited value can never disagree with the lines.
    return items.length ? { items, totalAmount: orderTotal(items) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let current: TemporaryOrder | null = null;
const listeners = new Set<() => void>();

function snapshot(): TemporaryOrder {
  current ??= read();
  return current;
}

function publish(next: TemporaryOrder): void {
  current = next;
  try {
    if (next.items.length) sessionStorage.setItem(TEMPORARY_ORDER_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(TEMPORARY_ORDER_KEY);
  } catch {
    // Storage refused (private mode): the order still holds in memory for this page's life.
  }
  for (const listener of listeners) listener();
}

/**
 * Saves the temporary order (docs/product.md#states-and-transitions): Buy Now passes one line with quantity 1, the cart's
 * Continue passes every line. The total is computed here from the lines.
 */
export function saveTemporaryOrder(items: TemporaryOrderItem[]): TemporaryOrder {
  const order: TemporaryOrder = { items: items.map((item) => ({ ...item })), totalAmount: orderTotal(items) };
  publish(order);
  return order;
}

/** What the catalog says of a line's product now (`GET /api/product/:id`). */
export interface CurrentProduct {
  name: string;
  /** Its Tamil name, '' or absent when none (docs/product.md#languages). */
  nameTa?: string;
  /** Rupees each, the price the server will charge. */
  price: number;
  /** The first picture URL ('' when it has none). */
  image: string;
}

/** What {@link refreshTemporaryOrder} changed, to tell the shopper why the total moved. */
export interface TemporaryOrderChanges {
  /** Lines whose price is not the one the shopper saw (rupees each, before and now). */
  repriced: { productID: string; name: string; nameTa?: string; oldPrice: number; newPrice: number }[];
  /** Lines dropped because their product is no longer sold. */
  removed: { productID: string; name: string; nameTa?: string }[];
}

/**
 * Brings the temporary order up to the catalog after the server refused it (docs/product.md#place-order: a 409
 * when `totalAmt` is not the server's total, a 404 when a product was deleted), so a second
 * Place Order can succeed and nothing the shopper chose is silently lost.
 * `current` maps a line's productID to its product now, or to `null` when it is gone (404);
 * a line missing from the map (its lookup failed) is kept as it was. Each remaining line takes
 * the current name, picture and price and keeps its quantity; the total is recomputed and the
 * order saved (sessionStorage, docs/decisions/006). If no line is left the order is cleared
 * (the page then shows docs/product.md#screens empty text).
 * @returns what changed: repriced lines with their old and new price, removed lines.
 */
export function refreshTemporaryOrder(current: ReadonlyMap<string, CurrentProduct | null>): TemporaryOrderChanges {
  const changes: TemporaryOrderChanges = { repriced: [], removed: [] };
  const items: TemporaryOrderItem[] = [];
  for (const item of snapshot().items) {
    const product = current.get(item.productID);
    if (product === undefined) {
      items.push(item);
    } else if (product === null) {
      changes.removed.push({ productID: item.productID, name: item.name, ...(item.nameTa ? { nameTa: item.nameTa } : {}) });
    } else {
      if (Math.round(product.price * 100) !== Math.round(item.price * 100)) {
        changes.repriced.push({
          productID: item.productID,
          name: product.name,
          ...(product.nameTa ? { nameTa: product.nameTa } : {}),
          oldPrice: item.price,
          newPrice: product.price,
        });
      }
      const { nameTa: _oldNameTa, ...rest } = item;
      items.push({
        ...rest,
        name: product.name,
        ...(product.nameTa ? { nameTa: product.nameTa } : {}),
        image: product.image,
        price: product.price,
      });
    }
  }
  publish(items.length ? { items, totalAmount: orderTotal(items) } : EMPTY);
  return changes;
}

/** Clears the temporary order (docs/product.md#states-and-transitions: when the cart opens, and after an order is placed). */
export function clearTemporaryOrder(): void {
  if (snapshot().items.length === 0) return;
  publish(EMPTY);
}

/** The current temporary order, without subscribing. */
export function getTemporaryOrder(): TemporaryOrder {
  return snapshot();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The temporary order, re-rendering when it is saved or cleared. */
export function useTemporaryOrder(): TemporaryOrder {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Test hook: forget the in-memory copy so the next read comes from sessionStorage. */
export function resetTemporaryOrderForTests(): void {
  current = null;
}
