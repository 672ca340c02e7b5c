import { afterEach, describe, expect, it } from 'vitest';
import {
  clearTemporaryOrder,
  getTemporaryOrder,
  orderTotal,
  refreshTemporaryOrder,
  resetTemporaryOrderForTests,
  saveTemporaryOrder,
  TEMPORARY_ORDER_KEY,
} from './temporary-order';

const blouse = { productID: 'p1', name: 'Blouse', image: '/uploads/p/a-640.webp', price: 899.5, quantity: 2 };
const pant = { productID: 'p2', name: 'Pant', image: '', price: 450, quantity: 1 };

describe('temporary order (docs/product.md#entities, docs/product.md#states-and-transitions)', () => {
  afterEach(() => {
    clearTemporaryOrder();
    sessionStorage.clear();
    resetTemporaryOrderForTests();
  });

  it('totals price × quantity in whole paise', () => {
    expect(orderTotal([blouse, pant])).toBe(2249);
    expect(orderTotal([{ price: 0.1, quantity: 3 }])).toBe(0.3);
  });

  it('is saved with its total and survives a reload of the page', () => {
    saveTemporaryOrder([blouse, pant]);
    expect(getTemporaryOrder()).toEqual({ items: [blouse, pant], totalAmount: 2249 });
    resetTemporaryOrderForTests();
    expect(getTemporaryOrder()).toEqual({ items: [blouse, pant], totalAmount: 2249 });
  });

  it('is emptied by clear, in memory and in sessionStorage', () => {
    saveTemporaryOrder([pant]);
    clearTemporaryOrder();
    expect(getTemporaryOrder().items).toEqual([]);
    expect(sessionStorage.getItem(TEMPORARY_ORDER_KEY)).toBeNull();
  });

  it('is re-priced from the catalog: new prices, gone products out, unknown lookups kept, quantities kept (docs/product.md#place-order)', () => {
    const frock = { productID: 'p3', name: 'Frock', image: '', price: 700, quantity: 1 };
    saveTemporaryOrder([blouse, pant, frock]);
    const changes = refreshTemporaryOrder(
      new Map([
        ['p1', { name: 'Silk Blouse', price: 950, image: '/uploads/p/b-640.webp' }],
        ['p2', null],
        // p3's lookup failed: not in the map, so its line stays as it was.
      ]),
    );
    expect(changes).toEqual({
      repriced: [{ productID: 'p1', name: 'Silk Blouse', oldPrice: 899.5, newPrice: 950 }],
      removed: [{ productID: 'p2', name: 'Pant' }],
    });
    const refreshed = { items: [{ ...blouse, name: 'Silk Blouse', price: 950, image: '/uploads/p/b-640.webp' }, frock], totalAmount: 2600 };
    expect(getTemporaryOrder()).toEqual(refreshed);
    resetTemporaryOrderForTests();
    expect(getTemporaryOrder()).toEqual(refreshed);
  });

  it('reports no change for an unchanged price and is cleared when every product is gone', () => {
    saveTemporaryOrder([pant]);
    expect(refreshTemporaryOrder(new Map([['p2', { name: 'Pant', price: 450, image: '' }]]))).toEqual({ repriced: [], removed: [] });
    expect(refreshTemporaryOrder(new Map([['p2', null]]))).toEqual({ repriced: [], removed: [{ productID: 'p2', name: 'Pant' }] });
    expect(getTemporaryOrder()).toEqual({ items: [], totalAmount: 0 });
    expect(sessionStorage.getItem(TEMPORARY_ORDER_KEY)).toBeNull();
  });

  it('ignores a stored order that is malformed and recomputes a tampered total', () => {
    sessionStorage.setItem(TEMPORARY_ORDER_KEY, '{not json');
    expect(getTemporaryOrder().items).toEqual([]);
    resetTemporaryOrderForTests();
    sessionStorage.setItem(TEMPORARY_ORDER_KEY, JSON.stringify({ items: [pant, { productID: 'x', quantity: 0 }], totalAmount: 1 }));
    expect(getTemporaryOrder()).toEqual({ items: [pant], totalAmount: 450 });
  });
});
