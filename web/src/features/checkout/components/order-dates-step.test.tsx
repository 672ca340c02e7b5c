import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { OrderDatesSection, type OrderDatesSectionProps } from './order-dates-step';

// docs/product.md#dates-a-tailor-promises: her function date and the ready-by date before she orders.

const props: OrderDatesSectionProps = {
  today: '2026-12-01',
  neededBy: null,
  onNeededBy: () => {},
  quote: { readyBy: '2026-12-10', neededBy: null, fits: true, total: 1000 },
  loading: false,
  phoneHref: 'tel:+919876543210',
  whatsappHref: 'https://wa.me/919876543210',
};

describe('OrderDatesSection', () => {
  it('shows the ready-by date and an optional function date from today to a year ahead', () => {
    const onNeededBy = vi.fn();
    renderWithApp(<OrderDatesSection {...props} onNeededBy={onNeededBy} />);
    expect(screen.getByTestId('ready-by').textContent).toBe('Ready by Thu, 10 Dec');
    const field = screen.getByLabelText('For a function on… (optional)') as HTMLInputElement;
    expect([field.min, field.max]).toEqual(['2026-12-01', '2027-12-01']);
    fireEvent.change(field, { target: { value: '2026-12-20' } });
    expect(onNeededBy).toHaveBeenCalledWith('2026-12-20');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly when her function comes first, with call and WhatsApp links, and no way to order is taken away', () => {
    renderWithApp(
      <OrderDatesSection
        {...props}
        neededBy="2026-12-05"
        quote={{ readyBy: '2026-12-10', neededBy: '2026-12-05', fits: false, total: 1000 }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Your function is on Sat, 5 Dec, but we can have it ready only by Thu, 10 Dec.',
    );
    expect(screen.getByRole('link', { name: 'Call the shop' }).getAttribute('href')).toBe('tel:+919876543210');
    expect(screen.getByRole('link', { name: 'WhatsApp the shop' }).getAttribute('href')).toBe('https://wa.me/919876543210');
  });

  it('says it is working the date out while the shop is asked', () => {
    renderWithApp(<OrderDatesSection {...props} quote={undefined} loading />);
    expect(screen.getByTestId('ready-by').textContent).toBe('Working out your ready-by date…');
  });
});
