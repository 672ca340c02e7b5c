import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addEnglish } from '../../../i18n';
import adminEnglish from '../../../i18n/en-admin.json';
import { mockApi } from '../../../test/mock-api';
import { makeUser, renderWithApp } from '../../../test/render';
import { clearToasts, TestToaster } from '../../../test/toasts';
import { TailorPhotoSection } from './tailor-photo-section';

addEnglish(adminEnglish);

const trust = { tailorName: 'S. Meenakshi', tailorPhoto: null, reviewCount: 0, deliveredCount: 0 };

function renderSection() {
  renderWithApp(
    <>
      <TailorPhotoSection />
      <TestToaster />
    </>,
    { user: makeUser({ role: 'admin' }), path: '/admin-only' },
  );
}

/** Opens the closed section, as the owner does by its heading. */
function open() {
  const details = screen.getByText('Tailor’s photo').closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return details;
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [file] } });
}

describe("the admin's tailor photo (docs/product.md#admin-dashboard)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('asks nothing until opened, then uploads the chosen photo as `image` and shows it', async () => {
    let photo: string | null = null;
    const calls = mockApi({
      'GET /shop/trust': () => ({ status: 200, body: { ...trust, tailorPhoto: photo } }),
      'PUT /tailor-photo': () => {
        photo = '/uploads/products/t1-640.webp';
        return { status: 200, body: { tailorPhoto: photo } };
      },
      'DELETE /tailor-photo': () => {
        photo = null;
        return { status: 200, body: { tailorPhoto: null } };
      },
    });
    renderSection();
    expect(calls).toEqual([]);
    const section = open();
    expect(await within(section).findByText(/No photo yet/)).toBeTruthy();

    choose(new File(['jpeg'], 'meena.jpg', { type: 'image/jpeg' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Tailor’s photo saved')).toBeTruthy();
    const upload = calls.find((call) => call.method === 'PUT')!;
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);
    const shown = await within(section).findByRole('img', { name: 'The tailor’s photo home shows now' });
    expect(shown.getAttribute('src')).toBe('/uploads/products/t1-320.webp');

    fireEvent.click(within(section).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Tailor’s photo removed')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('img')).toBeNull());
  });

  it.each([
    ['no file', undefined, 'Choose a photo first'],
    ['a file that is not a picture', new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), 'Only image files can be uploaded'],
  ])('refuses %s with its message and sends nothing', async (_name, file, message) => {
    const calls = mockApi({ 'GET /shop/trust': () => ({ status: 200, body: trust }) });
    renderSection();
    const section = open();
    await within(section).findByText(/No photo yet/);
    if (file) choose(file);
    fireEvent.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(within(section).getByRole('alert').textContent).toBe(message);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /shop/trust': () => ({ status: 200, body: trust }),
      'PUT /tailor-photo': () => ({ status: 415, body: { message: 'This file is not a picture', code: 'unsupported_media_type' } }),
    });
    renderSection();
    const section = open();
    await within(section).findByText(/No photo yet/);
    choose(new File(['?'], 'odd.jpg', { type: 'image/jpeg' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('This file is not a picture')).toBeTruthy();
  });
});
