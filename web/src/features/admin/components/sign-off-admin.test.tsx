import type { AdminOrder, OrderStatus } from '@thaiyal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { SignOffAdmin } from './sign-off-admin';
import { StatusQuestion, useStatusQuestion } from './order-status-question';

// docs/product.md#sign-off-before-cutting: the owner asks for approval, sends it on WhatsApp,
// records an approval by phone, and is asked to confirm "designed" before an approval.

const ASKED = '2026-11-28T04:30:00.000Z';
const pending = (overrides: Partial<AdminOrder> = {}) =>
  makeAdminOrder({
    status: 'visited',
    language: 'en',
    signOff: { state: 'pending', at: ASKED, steps: [{ action: 'asked', at: ASKED, reason: 'owner' }] },
    ...overrides,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignOffAdmin', () => {
  it('an order not asked: says so and asks on a tap', async () => {
    const calls = mockApi({
      'POST /admin/orders/TH-4K7Q2M/sign-off': () => ({ status: 200, body: { message: 'ok', order: pending() } }),
    });
    renderForAdmin(<SignOffAdmin order={makeAdminOrder({ status: 'visited' })} />);
    expect((await screen.findByTestId('sign-off-state')).textContent).toBe('Not asked yet');
    expect(screen.queryByTestId('sign-off-whatsapp')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for approval' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/admin/orders/TH-4K7Q2M/sign-off' });
    expect(await screen.findByText('Approval asked: the customer has been mailed')).toBeTruthy();
  });

  it('a pending order: when asked, the WhatsApp message with the link to her order, and Approved by phone', async () => {
    const calls = mockApi({
      'PUT /admin/orders/TH-4K7Q2M/sign-off': () => ({
        status: 200,
        body: { message: 'ok', order: pending({ signOff: { state: 'approved', via: 'phone', at: ASKED, steps: [] } }) },
      }),
    });
    renderForAdmin(<SignOffAdmin order={pending()} />);
    expect((await screen.findByTestId('sign-off-state')).textContent).toMatch(
      /^Asked on 28 Nov 2026, 10:00\s?am: waiting for her answer$/i,
    );
    const link = new URL((await screen.findByTestId('sign-off-whatsapp')).getAttribute('href')!);
    expect(link.host).toBe('wa.me');
    const text = link.searchParams.get('text')!;
    expect(text).toContain('Before we cut the cloth for your order TH-4K7Q2M');
    expect(text).toContain('₹2,501.00');
    expect(text).toMatch(/\/myOrders#order-TH-4K7Q2M$/);
    expect(screen.getByRole('button', { name: 'Ask again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approved by phone' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ state: 'approved', via: 'phone' });
  });

  it('an answered order: her answer, her comment, and that it was designed without approval', async () => {
    renderForAdmin(
      <SignOffAdmin
        order={pending({
          status: 'designed',
          signOff: { state: 'call-requested', at: ASKED, via: 'online', comment: 'Deeper neck', designedWithoutApproval: true, steps: [] },
        })}
      />,
    );
    expect((await screen.findByTestId('sign-off-state')).textContent).toMatch(/^She asked for a call on 28 Nov 2026/);
    expect(screen.getByText('Her comment: Deeper neck')).toBeTruthy();
    expect(screen.getByText('Set to designed without her approval')).toBeTruthy();
    expect(screen.queryByTestId('sign-off-whatsapp')).toBeNull();
  });

  it('a delivered order offers nothing to do', async () => {
    mockApi({});
    renderForAdmin(<SignOffAdmin order={pending({ status: 'delivered' })} />);
    await screen.findByTestId('sign-off-state');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

/** The card's status question, opened for `status`. */
function Question({ order, status }: { order: AdminOrder; status: OrderStatus }) {
  const question = useStatusQuestion(order);
  return (
    <>
      <button onClick={() => question.ask(status)}>open</button>
      <StatusQuestion order={order} question={question} />
    </>
  );
}

describe('moving to designed before approval', () => {
  it('the question warns that she has not approved; Yes still sends the change', async () => {
    const calls = mockApi({
      'PUT /orders/status/TH-4K7Q2M': () => ({
        status: 200,
        body: { message: 'Order status updated', order: pending({ status: 'designed' }) },
      }),
    });
    renderForAdmin(<Question order={pending()} status="designed" />);
    fireEvent.click(await screen.findByRole('button', { name: 'open' }));
    expect((await screen.findByTestId('designed-unapproved')).textContent).toContain('has not approved');
    fireEvent.click(screen.getByRole('button', { name: 'Change and e-mail' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('no warning once she approved, nor for another status', async () => {
    mockApi({});
    const approved = pending({ signOff: { state: 'approved', via: 'online', at: ASKED, steps: [] } });
    const { unmount } = renderForAdmin(<Question order={approved} status="designed" />);
    fireEvent.click(await screen.findByRole('button', { name: 'open' }));
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('designed-unapproved')).toBeNull();
    unmount();
    renderForAdmin(<Question order={pending()} status="delivered" />);
    fireEvent.click(await screen.findByRole('button', { name: 'open' }));
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('designed-unapproved')).toBeNull();
  });
});
