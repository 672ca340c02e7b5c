import type { VisitSettings } from '@thaiyal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderForAdmin } from '../test/admin-fixtures';
import { HomeVisitsPanel } from './home-visits-panel';

const MORNING = '00000000-0000-4000-8000-0000000000a1';
const EVENING = '00000000-0000-4000-8000-0000000000a2';

const settings: VisitSettings = {
  slots: [
    { id: MORNING, label: '10:00-13:00', start: '10:00', end: '13:00', capacity: 3 },
    { id: EVENING, label: 'Evening', start: '17:00', end: '19:30', capacity: 2 },
  ],
  closedWeekdays: [0],
  closedDates: [{ date: '2026-11-08', note: 'Deepavali' }],
};

describe('HomeVisitsPanel (docs/product.md#admin-dashboard, docs/product.md#home-visit-slot)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the slots, closed weekdays and closed dates, and saves a changed capacity, a closed weekday and a festival day', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/visit-slots': () => ({ status: 200, body: settings }),
      'PUT /admin/visit-slots': (call) => {
        sent.push(call.body);
        return { status: 200, body: settings };
      },
    });
    renderForAdmin(<HomeVisitsPanel />);
    const evening = await screen.findByRole('listitem', { name: 'Slot 2' });
    expect((within(evening).getByLabelText('Name') as HTMLInputElement).value).toBe('Evening');
    expect((within(evening).getByLabelText('Start') as HTMLInputElement).value).toBe('17:00');
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Deepavali')).toBeTruthy();

    fireEvent.change(within(evening).getByLabelText('Visits'), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText('Tuesday'));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-15' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Karthigai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close this date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open 2026-11-08 again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save home visits' }));
    expect(await screen.findByText('Home visits saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        slots: [
          { id: MORNING, label: '10:00-13:00', start: '10:00', end: '13:00', capacity: 3 },
          { id: EVENING, label: 'Evening', start: '17:00', end: '19:30', capacity: 4 },
        ],
        closedWeekdays: [0, 2],
        closedDates: [{ date: '2026-11-15', note: 'Karthigai' }],
      },
    ]);
  });

  it('adds and removes slots; a new slot has no id', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/visit-slots': () => ({ status: 200, body: settings }),
      'PUT /admin/visit-slots': (call) => {
        sent.push(call.body);
        return { status: 200, body: settings };
      },
    });
    renderForAdmin(<HomeVisitsPanel />);
    const morning = await screen.findByRole('listitem', { name: 'Slot 1' });
    fireEvent.click(within(morning).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a slot' }));
    const added = screen.getByRole('listitem', { name: 'Slot 2' });
    fireEvent.change(within(added).getByLabelText('Start'), { target: { value: '14:00' } });
    fireEvent.change(within(added).getByLabelText('End'), { target: { value: '17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save home visits' }));
    await screen.findByText('Home visits saved');
    expect((sent[0] as VisitSettings).slots).toEqual([
      { id: EVENING, label: 'Evening', start: '17:00', end: '19:30', capacity: 2 },
      { label: '', start: '14:00', end: '17:00', capacity: 3 },
    ]);
  });

  it("shows the server's refusal in the dashboard's language and keeps what was typed", async () => {
    mockApi({
      'GET /admin/visit-slots': () => ({ status: 200, body: settings }),
      'PUT /admin/visit-slots': () => ({
        status: 400,
        body: {
          message: 'A slot takes 0 to 50 visits',
          code: 'bad_request',
          reason: 'visit.capacityRange',
          params: { maxCapacity: 50 },
        },
      }),
    });
    renderForAdmin(<HomeVisitsPanel />);
    const evening = await screen.findByRole('listitem', { name: 'Slot 2' });
    fireEvent.change(within(evening).getByLabelText('Visits'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save home visits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A slot takes 0 to 50 visits');
    expect((within(evening).getByLabelText('Visits') as HTMLInputElement).value).toBe('99');
  });
});
