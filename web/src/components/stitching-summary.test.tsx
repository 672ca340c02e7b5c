import type { OrderStitching } from '@thaiyal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { StitchingSummary } from './stitching-summary';

// docs/product.md#stitching-details: the admin reads a line's measurements in both units, the
// one the shopper typed them in first.

function stitching(unit: 'in' | 'cm' | undefined): OrderStitching {
  return {
    profile: { name: 'Priya, 8 years', measurements: { bust: 864, waist: 560 }, ...(unit ? { unit } : {}) },
    fabric: 'own',
    lining: false,
    notes: '',
    pictures: [],
  };
}

describe('StitchingSummary measurements (the admin’s view)', () => {
  it('shows inches first, then centimetres, for a profile typed in inches', () => {
    renderWithApp(<StitchingSummary stitching={stitching('in')} measurements />);
    const list = within(screen.getByTestId('stitching-summary')).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bust: 34 in (86.4 cm)', 'Waist: 22 in (56 cm)']);
  });

  it('shows centimetres first, then inches, for a profile typed in centimetres', () => {
    renderWithApp(<StitchingSummary stitching={stitching('cm')} measurements />);
    expect(screen.getByText('Bust: 86.4 cm (34 in)')).toBeTruthy();
  });

  it('shows both, centimetres first, for a line placed before the unit was kept', () => {
    renderWithApp(<StitchingSummary stitching={stitching(undefined)} measurements />);
    expect(screen.getByText('Waist: 56 cm (22 in)')).toBeTruthy();
  });

  it('shows no measurements to the shopper', () => {
    renderWithApp(<StitchingSummary stitching={stitching('in')} />);
    expect(screen.queryByText(/Bust/)).toBeNull();
  });
});
