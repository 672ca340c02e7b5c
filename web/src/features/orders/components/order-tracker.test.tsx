import type { OrderStatus } from '@thaiyal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { OrderTracker } from './order-tracker';

function steps() {
  return screen.getAllByRole('listitem').map((item) => ({
    label: item.textContent?.replace(/\(.*\)/, '').trim(),
    reached: item.hasAttribute('data-reached'),
    current: item.getAttribute('aria-current') === 'step',
  }));
}

describe('OrderTracker (docs/product.md#states-and-transitions Order status)', () => {
  it.each<[OrderStatus, number]>([
    ['call', 1],
    ['visited', 2],
    ['designed', 3],
    ['delivered', 4],
  ])('at %s ticks the first %i steps and marks the current one', (status, reached) => {
    renderWithApp(<OrderTracker status={status} />);
    const shown = steps();
    expect(shown.map((step) => step.label)).toEqual(['Call', 'Home visit', 'Designed', 'Delivered']);
    expect(shown.map((step) => step.reached)).toEqual([0, 1, 2, 3].map((index) => index < reached));
    expect(shown.findIndex((step) => step.current)).toBe(reached - 1);
    expect(screen.queryAllByTestId('tracker-pulse')).toHaveLength(status === 'delivered' ? 0 : 1);
  });
});
