import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AreaSorry } from './area-sorry';
import PinCheck from './pin-check';

function check(pinCode: string) {
  fireEvent.change(screen.getByLabelText('Your pin code'), { target: { value: pinCode } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('PinCheck: "Do we visit your area?" (docs/product.md#service-area)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says yes with the area served', async () => {
    const calls = mockApi({
      'GET /service-area/642001': () => ({ status: 200, body: { pinCode: '642001', served: true, area: 'Pollachi', areaTa: 'பொள்ளாச்சி' } }),
    });
    renderWithApp(<PinCheck whatsappHref="https://wa.me/919843012345" />);
    check(' 642001 ');
    expect(await screen.findByText('Yes, we visit Pollachi (642001). Our tailor comes to your home to measure.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/service-area/642001']);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('says sorry for a pin code outside the area, with the WhatsApp link and "tell me", its pin code filled in', async () => {
    mockApi({ 'GET /service-area/600001': () => ({ status: 200, body: { pinCode: '600001', served: false, area: null, areaTa: null } }) });
    renderWithApp(<PinCheck whatsappHref="https://wa.me/919843012345" />);
    check('600001');
    expect(await screen.findByText('Sorry, we do not visit 600001 yet. Our tailor visits homes only in the Pollachi area.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chat with us on WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919843012345');
    expect(screen.getByRole('heading', { name: 'Tell me when you come to my area' })).toBeTruthy();
    expect((screen.getByLabelText('Pin code') as HTMLInputElement).value).toBe('600001');
  });

  it("answers anything but 6 digits with the address form's message, without asking the server", () => {
    const calls = mockApi({});
    renderWithApp(<PinCheck />);
    check('64200');
    expect(screen.getByText('Pin code must be a 6-digit numeric value')).toBeTruthy();
    expect(screen.getByLabelText('Your pin code').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });
});

describe('AreaSorry: "tell me when you come to my area" (docs/product.md#service-area)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function join(pinCode: string, contact: string) {
    fireEvent.change(screen.getByLabelText('Pin code'), { target: { value: pinCode } });
    fireEvent.change(screen.getByLabelText('Phone number or e-mail'), { target: { value: contact } });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me' }));
  }

  it("stores the pin code and a phone as typed, and says the server's thanks", async () => {
    const calls = mockApi({
      'POST /service-area/waitlist': () => ({
        status: 201,
        body: { message: 'Thank you. We will let you know when our tailor starts visiting your area.' },
      }),
    });
    renderWithApp(<AreaSorry />);
    join('641001', '+91 98430 12345');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you. We will let you know when our tailor starts visiting your area.',
    );
    expect(calls).toEqual([{ method: 'POST', path: '/service-area/waitlist', body: { pinCode: '641001', contact: '+91 98430 12345' } }]);
    expect(screen.queryByRole('button', { name: 'Tell me' })).toBeNull();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    mockApi({
      'POST /service-area/waitlist': () => ({
        status: 400,
        body: { message: 'Enter a 10-digit phone number or an e-mail address', code: 'bad_request', reason: 'area.contactInvalid' },
      }),
    });
    renderWithApp(<AreaSorry pinCode="641001" />);
    join('641001', 'meena at home');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a 10-digit phone number or an e-mail address');
    expect((screen.getByLabelText('Phone number or e-mail') as HTMLInputElement).value).toBe('meena at home');
  });

  it('says so when the pin code is served already (409), and a fixed text when the network fails', async () => {
    mockApi({
      'POST /service-area/waitlist': (call) =>
        (call.body as { pinCode: string }).pinCode === '642001'
          ? {
              status: 409,
              body: {
                message: 'Good news: we already visit this pin code. You can place your order now.',
                code: 'conflict',
                reason: 'area.alreadyServed',
              },
            }
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithApp(<AreaSorry />);
    join('642001', 'meena@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Good news: we already visit this pin code. You can place your order now.');
    join('641001', 'meena@example.com');
    expect(await screen.findByText('Your request could not be sent. Please try again.')).toBeTruthy();
  });
});
