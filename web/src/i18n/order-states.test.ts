import { describe, expect, it } from 'vitest';
import { ORDER_STATES, ORDER_STATUSES } from '@thaiyal/contract/limits';
import { ALL_ENGLISH as en } from './english';
import ta from './ta.json';

// Every order status and every timeline step has its words on the pages, in English and in
// Tamil (docs/product.md#states-and-transitions, docs/product.md#the-tailoring-workflow,
// docs/product.md#languages). Driven by the contract's lists, so a state added there without
// its strings fails here: the four statuses the admin sets name themselves in the tracker, the
// lists and the status mail's preview; every state, cancelled too, is a step of the timeline.

const TAMIL = /[\u0B80-\u0BFF]/;

/** The string at `key` (`a.b.c`) of a translation tree, or undefined. */
function at(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

/** Every key the pages read for an order's status or timeline step. */
const KEYS = [
  ...ORDER_STATUSES.flatMap((status) => [`orders.statuses.${status}`, `orders.steps.${status}`, `admin.orders.mailLines.${status}`]),
  ...ORDER_STATES.map((state) => `orderTimeline.steps.${state}`),
  // A cancelled order's status on its card (docs/product.md#cancellations-kept).
  'myOrders.cancelledStatus',
];

describe('order statuses and timeline steps in both languages', () => {
  it.each(KEYS)('%s has an English string', (key) => {
    expect(at(en, key)).toMatch(/\S/);
  });

  it.each(KEYS)('%s has a Tamil string', (key) => {
    expect(at(ta, key)).toMatch(TAMIL);
  });
});
