import { useSyncExternalStore } from 'react';

/** One line of the temporary order (SPEC §3: productID, image, price, quantity; the name for display). */
export interface TemporaryOrderItem {
  productID: string;
  name: string;
  /** The product's first picture URL ('' when it has none). */
  image: string;
  /** Rupees each, as the cart or product page showed it. */
  price: number;
  quantity: number;
}

/** What the shopper is about to order (SPEC §3 Temporary order): the lines and their total in rupees. */
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
 * Saves the temporary order (SPEC §4): Buy Now passes one line with quantity 1, the cart's
 * Continue passes every line. The total is computed here from the lines.
 */
export function saveTemporaryOrder(items: TemporaryOrderItem[]): TemporaryOrder {
  const order: TemporaryOrder = { items: items.map((item) => ({ ...item })), totalAmount: orderTotal(items) };
  publish(order);
  return order;
}

/** Clears the temporary order (SPEC §4: when the cart opens, and after an order is placed). */
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
