import type { AdminServiceArea } from '@thaiyal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderForAdmin } from '../test/admin-fixtures';
import { ServiceAreaPanel } from './service-area-panel';

const area: AdminServiceArea = {
  pinCodes: [
    { pinCode: '642001', area: 'Pollachi', areaTa: 'பொள்ளாச்சி' },
    { pinCode: '642002', area: 'Pollachi North', areaTa: '' },
  ],
  requests: [
    { pinCode: '641001', count: 3, served: false, latestAt: '2026-11-20T05:30:00.000Z' },
    { pinCode: '642002', count: 1, served: true, latestAt: '2026-11-02T05:30:00.000Z' },
  ],
};

describe('ServiceAreaPanel (docs/product.md#admin-dashboard, docs/product.md#service-area)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the served pin codes and the requests per pin code, with who asked when opened', async () => {
    const calls = mockApi({
      'GET /admin/service-area': () => ({ status: 200, body: area }),
      'GET /admin/service-area/requests?pinCode=641001': () => ({
        status: 200,
        body: {
          requests: [
            { pinCode: '641001', contact: '9843012345', createdAt: '2026-11-20T05:30:00.000Z' },
            { pinCode: '641001', contact: 'meena@example.com', createdAt: '2026-11-19T05:30:00.000Z' },
          ],
        },
      }),
    });
    renderForAdmin(<ServiceAreaPanel />);
    const first = await screen.findByRole('listitem', { name: 'Pin code 1' });
    expect((within(first).getByLabelText('Pin code') as HTMLInputElement).value).toBe('642001');
    expect((within(first).getByLabelText('Area (Tamil)') as HTMLInputElement).value).toBe('பொள்ளாச்சி');
    expect(screen.getByText('3 requests')).toBeTruthy();
    expect(screen.getByText('1 request')).toBeTruthy();
    expect(screen.getByText('Visited now')).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Show who asked' })[0]!);
    expect(await screen.findByText('9843012345')).toBeTruthy();
    expect(screen.getByText('meena@example.com')).toBeTruthy();
  });

  it('saves the edited list: a pin code removed, one added from the requests, one renamed', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/service-area': () => ({ status: 200, body: area }),
      'PUT /admin/service-area': (call) => {
        sent.push(call.body);
        return { status: 200, body: area };
      },
    });
    renderForAdmin(<ServiceAreaPanel />);
    const second = await screen.findByRole('listitem', { name: 'Pin code 2' });
    fireEvent.click(within(second).getByRole('button', { name: 'Remove' }));
    fireEvent.change(within(screen.getByRole('listitem', { name: 'Pin code 1' })).getByLabelText('Area (English)'), {
      target: { value: 'Pollachi town' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Visit 641001 too' }));
    const added = screen.getByRole('listitem', { name: 'Pin code 2' });
    expect((within(added).getByLabelText('Pin code') as HTMLInputElement).value).toBe('641001');
    fireEvent.change(within(added).getByLabelText('Area (English)'), { target: { value: 'Coimbatore' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save service area' }));
    expect(await screen.findByText('Service area saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        pinCodes: [
          { pinCode: '642001', area: 'Pollachi town', areaTa: 'பொள்ளாச்சி' },
          { pinCode: '641001', area: 'Coimbatore', areaTa: '' },
        ],
      },
    ]);
  });

  it("shows the server's refusal and keeps the list as typed", async () => {
    mockApi({
      'GET /admin/service-area': () => ({ status: 200, body: area }),
      'PUT /admin/service-area': () => ({
        status: 400,
        body: { message: 'Name the area of each pin code', code: 'bad_request', reason: 'area.areaRequired' },
      }),
    });
    renderForAdmin(<ServiceAreaPanel />);
    await screen.findByRole('listitem', { name: 'Pin code 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a pin code' }));
    const added = screen.getByRole('listitem', { name: 'Pin code 3' });
    fireEvent.change(within(added).getByLabelText('Pin code'), { target: { value: '642003' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save service area' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name the area of each pin code');
    expect((within(added).getByLabelText('Pin code') as HTMLInputElement).value).toBe('642003');
  });
});
