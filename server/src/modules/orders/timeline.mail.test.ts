import { describe, expect, it } from 'vitest';
import { ORDER_STATES } from '@thaiyal/contract';
import { timelineTable } from './timeline.mail.js';

// Every timeline step has its name in the mails' timeline, in English and in Tamil
// (docs/product.md#the-tailoring-workflow, docs/product.md#languages): driven by the contract's
// ORDER_STATES (a timeline's steps are order states), so a state added there without its name fails here.

const TAMIL = /[\u0B80-\u0BFF]/;

describe("the mails' timeline (docs/product.md#the-tailoring-workflow)", () => {
  it.each(ORDER_STATES)('names the step %s in English and in Tamil', (state) => {
    const timeline = [{ status: state, at: '2026-11-02T04:00:00.000Z' }];
    const [english] = timelineTable(timeline, 'en').rows[0]!;
    const [tamil] = timelineTable(timeline, 'ta').rows[0]!;
    expect(english).toMatch(/\S/);
    expect(english).not.toMatch(TAMIL);
    expect(tamil).toMatch(TAMIL);
  });
});
