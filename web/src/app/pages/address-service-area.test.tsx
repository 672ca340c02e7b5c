import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { mockApi } from '../../test/mock-api';
import { LocationProbe, makeAddress, makeUser, renderWithApp, testQueryClient } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { AddressPage, ConfirmAddressPage } from './checkout-pages';

const WHATSAPP = 'https://wa.me/919843012345';

function renderAddressPage(user = makeUser()) {
  // The footer has loaded the shop's contact points on every page.
  const queryClient = testQueryClient();
  queryClient.setQueryData(shopInfoQuery.queryKey, { whatsappHref: WHATSAPP } as never);
  return renderWithApp(
    <>
      <AddressPage />
      <LocationProbe />
      <TestToaster />
    </>,
    { user, queryClient },
  );
}

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function fillRequired(phone: string, pinCode = '642001') {
  fill('Name', 'Meena');
  fill('Phone number', phone);
  fill('Door number', '12A');
  fill('Street', 'Kovai Road');
  fill('Pin code', pinCode);
}

async function toastText(text: string) {
  return screen.findByText(text, { selector: '[role="status"] *, [role="status"]' });
}

describe('AddressPage: phone numbers as people type them, landmark, alternate phone, service area (docs/product.md#address, docs/product.md#service-area)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it.each(['+91 98430 12345', '098430 12345', '98430-12345'])('takes the phone %s and sends its 10 digits', async (typed) => {
    const calls = mockApi({ 'POST /auth/address': () => ({ status: 200, body: { user: makeUser({ address: makeAddress() }) } }) });
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fillRequired(typed);
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/confirm/address'));
    expect((calls[0]?.body as { phoneNumber: string }).phoneNumber).toBe('9843012345');
  });

  it("refuses other phone forms with the form's message, then the alternate phone's, and sends nothing", async () => {
    const calls = mockApi({});
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fillRequired('+1 98430 12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await toastText('Phone number must be a 10-digit numeric value')).toBeTruthy();
    fill('Phone number', '98430 12345');
    fill('Alternate phone number (optional)', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await toastText('Alternate phone number must be a 10-digit numeric value')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Alternate phone number (optional)'));
    expect(calls).toEqual([]);
  });

  it('sends the landmark and the alternate phone as 10 digits; blank ones are left out', async () => {
    const calls = mockApi({ 'POST /auth/address': () => ({ status: 200, body: { user: makeUser({ address: makeAddress() }) } }) });
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fillRequired('9843012345');
    fill('Landmark (optional)', ' Near the Mariamman temple ');
    fill('Alternate phone number (optional)', '094430 54321');
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ landmark: 'Near the Mariamman temple', alternatePhone: '9443054321' });
  });

  it('shows the server\'s refusal of a pin code outside the area, then offers WhatsApp and "tell me" with it filled in', async () => {
    mockApi({
      'POST /auth/address': () => ({
        status: 400,
        body: {
          message: 'We do not visit pin code 641001 yet. Our tailor visits homes only in the Pollachi area.',
          code: 'bad_request',
          reason: 'area.notServed',
          params: { pinCode: '641001' },
        },
      }),
    });
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fillRequired('9843012345', '641001');
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await toastText('We do not visit pin code 641001 yet. Our tailor visits homes only in the Pollachi area.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chat with us on WhatsApp/ }).getAttribute('href')).toBe(WHATSAPP);
    const pinFields = screen.getAllByLabelText('Pin code') as HTMLInputElement[];
    expect(pinFields.map((field) => field.value)).toEqual(['641001', '641001']);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('the overlay\'s sorry message offers the WhatsApp chat and "tell me when you come to my area"', () => {
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const dialog = screen.getByRole('dialog', { name: 'Sorry!' });
    expect(dialog.querySelector(`a[href="${WHATSAPP}"]`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tell me when you come to my area' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tell me' })).toBeTruthy();
  });
});

describe("AddressPage: the sorry message in the overlay's own language (docs/product.md#address, docs/product.md#languages)", () => {
  it('offers "tell me" in Tamil when the overlay was switched to Tamil', async () => {
    renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'தமிழ்' }));
    fireEvent.click(await screen.findByRole('button', { name: 'இல்லை' }));
    expect(await screen.findByRole('button', { name: 'எனக்குச் சொல்லுங்கள்' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'என் பகுதிக்கு வரும்போது எனக்குச் சொல்லுங்கள்' })).toBeTruthy();
    // The rest of the page keeps its language.
    expect(screen.getByRole('heading', { name: 'Order Checkout' })).toBeTruthy();
  });
});

describe('ConfirmAddressPage: the optional fields (docs/product.md#address)', () => {
  it('shows the landmark and the alternate phone when given', () => {
    renderWithApp(<ConfirmAddressPage />, {
      user: makeUser({ address: makeAddress({ landmark: 'Near the bus stand', alternatePhone: '9443054321' }) }),
    });
    expect(screen.getByText('Near the bus stand')).toBeTruthy();
    expect(screen.getByText('9443054321')).toBeTruthy();
    expect(screen.getByText('Landmark')).toBeTruthy();
  });
});

describe('AddressPage: what she typed survives a reload (docs/product.md#address)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('keeps the typed fields in the tab, fills them back after a reload, and forgets them once saved', async () => {
    mockApi({ 'POST /auth/address': () => ({ status: 200, body: { user: makeUser({ address: makeAddress() }) } }) });
    const first = renderAddressPage();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fill('Name', 'Meena');
    fill('Street', 'Kovai Road');
    fill('Landmark (optional)', 'Near the temple');
    first.unmount();

    // A reload: the page is drawn afresh and reads the draft back.
    renderAddressPage();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Meena');
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Kovai Road');
    expect((screen.getByLabelText('Landmark (optional)') as HTMLInputElement).value).toBe('Near the temple');

    fill('Phone number', '9843012345');
    fill('Door number', '12A');
    fill('Pin code', '642001');
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/confirm/address'));
    expect(Object.keys(sessionStorage).filter((key) => key.includes('address'))).toEqual([]);
  });

  it('a draft goes over the saved address she is editing, field by field', () => {
    sessionStorage.setItem('thaiyal.addressDraft', JSON.stringify({ street: 'Palghat Road', pinCode: 42 }));
    renderAddressPage(makeUser({ address: makeAddress({ name: 'Meena', street: 'Kovai Road' }) }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Meena');
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Palghat Road');
    // A field that is not text in the draft is left as it was.
    expect((screen.getByLabelText('Pin code') as HTMLInputElement).value).toBe(makeAddress().pinCode);
  });
});
