import type { AdminOrder } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, renderWithApp } from '../../../test/render';
import { MeasuredSummary } from '../../../components/measured-summary';
import { RecordMeasurements } from './record-measurements-form';

// docs/product.md#the-measurement-book: the owner records, per garment, what she measured at the visit.

const order: AdminOrder = { ...makeOrder(), customer: { username: 'Meena', email: 'meena@example.test' }, language: 'en' } as AdminOrder;
const item = order.items[0]!;
const measuredOrder: AdminOrder = {
  ...order,
  items: [{ ...item, measured: { measurements: { bust: 864 }, unit: 'in', note: 'keep 1 inch margin', at: '2026-11-28T06:30:00.000Z' } }],
};

function openForm(which: AdminOrder = order) {
  renderWithApp(<RecordMeasurements order={which} item={which.items[0]!} />);
  fireEvent.click(screen.getByRole('button', { name: 'Record measurements for Kanchi Silk Saree Blouse' }));
}

describe('Record measurements on the admin order card', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it('sends the values in whole millimetres with the unit, the note and "Also save to her measurements" checked', async () => {
    const calls = mockApi({
      'PUT /admin/orders/TH-4K7Q2M/measurements': () => ({ status: 200, body: { message: 'Measurements saved', order: measuredOrder } }),
    });
    openForm();
    expect((screen.getByRole('checkbox', { name: 'Also save to her measurements' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Bust (in)'), { target: { value: '34' } });
    fireEvent.change(screen.getByLabelText('Note for the tailor'), { target: { value: ' keep 1 inch margin ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record measurements for Kanchi Silk Saree Blouse' })).toBeTruthy());
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PUT',
        '/admin/orders/TH-4K7Q2M/measurements',
        { lines: [{ productId: 'p1', measurements: { bust: 864 }, unit: 'in', note: 'keep 1 inch margin' }], saveToProfile: true },
      ],
    ]);
  });

  it('converts to centimetres and can leave her profile as it is', async () => {
    const calls = mockApi({
      'PUT /admin/orders/TH-4K7Q2M/measurements': () => ({ status: 200, body: { message: 'Measurements saved', order: measuredOrder } }),
    });
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Centimetres' }));
    fireEvent.change(screen.getByLabelText('Waist (cm)'), { target: { value: '72' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also save to her measurements' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      lines: [{ productId: 'p1', measurements: { waist: 720 }, unit: 'cm', note: '' }],
      saveToProfile: false,
    });
  });

  it.each([
    ['a value out of range', '3', 'Bust must be between 40 and 170 cm (15.7 to 66.9 inches).'],
    ['no value at all', '', 'Enter at least one measurement'],
  ])('refuses %s before asking the server', (_name, typed, message) => {
    const calls = mockApi({});
    openForm();
    fireEvent.change(screen.getByLabelText('Bust (in)'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mockApi({
      'PUT /admin/orders/TH-4K7Q2M/measurements': () => ({
        status: 409,
        body: {
          message: 'Measurements can be recorded only until the order is delivered',
          code: 'conflict',
          reason: 'admin.measurementsLocked',
        },
      }),
    });
    openForm();
    fireEvent.change(screen.getByLabelText('Bust (in)'), { target: { value: '34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Measurements can be recorded only until the order is delivered');
    expect((screen.getByLabelText('Bust (in)') as HTMLInputElement).value).toBe('34');
  });

  it('starts from what was measured before, offers "Change measurements", and is not offered on a delivered order', () => {
    const { unmount } = renderWithApp(<RecordMeasurements order={measuredOrder} item={measuredOrder.items[0]!} />);
    expect(screen.getByTestId('record-measurements').textContent).toBe('Change measurements');
    fireEvent.click(screen.getByRole('button', { name: 'Record measurements for Kanchi Silk Saree Blouse' }));
    expect((screen.getByLabelText('Bust (in)') as HTMLInputElement).value).toBe('34');
    expect((screen.getByLabelText('Note for the tailor') as HTMLTextAreaElement).value).toBe('keep 1 inch margin');
    unmount();
    renderWithApp(<RecordMeasurements order={{ ...measuredOrder, status: 'delivered' }} item={measuredOrder.items[0]!} />);
    expect(screen.queryByTestId('record-measurements')).toBeNull();
  });

  it('shows "Measured at the visit" to the owner and "Measured by Thaiyal" to the shopper, in both units', () => {
    const measured = measuredOrder.items[0]!.measured!;
    const { unmount } = renderWithApp(<MeasuredSummary measured={measured} reader="owner" />);
    const summary = screen.getByTestId('measured-summary');
    expect(within(summary).getByText('Measured at the visit on 28 Nov 2026')).toBeTruthy();
    expect(summary.textContent).toContain('34 in (86.4 cm)');
    expect(summary.textContent).toContain('Note: keep 1 inch margin');
    unmount();
    renderWithApp(<MeasuredSummary measured={measured} reader="shopper" />);
    expect(screen.getByText('Measured by Thaiyal on 28 Nov 2026')).toBeTruthy();
  });
});
