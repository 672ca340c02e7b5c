import type { MeasurementProfile, ProfileVersion } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { LocationProbe, makeUser, renderWithApp } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { MeasurementsPage } from './measurements-page';

function makeProfile(overrides: Partial<MeasurementProfile> = {}): MeasurementProfile {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Me',
    unit: 'in',
    measurements: { bust: 864, waist: 711 },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderPage() {
  return renderWithApp(
    <>
      <MeasurementsPage />
      <TestToaster />
    </>,
    { user: makeUser(), path: '/measurements' },
  );
}

function type(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// Every test of the file starts with no stubbed fetch and no toast left from the one before.
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('MeasurementsPage (docs/product.md#measurement-profiles): listing and adding profiles', () => {
  it('lists the profiles with how many measurements each holds', async () => {
    mockApi({
      'GET /measurements': () => ({
        status: 200,
        body: {
          profiles: [makeProfile(), makeProfile({ _id: '00000000-0000-4000-8000-000000000002', name: 'Priya, 8 years', measurements: {} })],
        },
      }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Measurement profiles' });
    expect(within(list).getByText('Me')).toBeTruthy();
    expect(within(list).getByText('2 measurements')).toBeTruthy();
    expect(within(list).getByText('0 measurements')).toBeTruthy();
  });

  it('creates a profile typed in inches and sends whole millimetres', async () => {
    const calls = mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [] } }),
      'POST /measurements': (call) => ({ status: 201, body: { profile: makeProfile({ ...(call.body as object) }) } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a profile' }));
    type('Profile name', '  Priya, 8 years ');
    type('Bust (in)', '34');
    type('Waist (in)', '28.5');
    type('Sleeve length (in)', '');
    type('Hip / seat (in)', '36,5');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved');
    const post = calls.find((call) => call.method === 'POST');
    // 34 in = 863.6 mm, 28.5 in = 723.9 mm, 36.5 in = 927.1 mm: rounded to whole millimetres; blank fields are not sent.
    expect(post?.body).toEqual({ name: 'Priya, 8 years', unit: 'in', measurements: { bust: 864, waist: 724, hip: 927 } });
  });

  it('converts what was typed when the unit changes to centimetres, and sends centimetres as millimetres', async () => {
    const calls = mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [] } }),
      'POST /measurements': () => ({ status: 201, body: { profile: makeProfile() } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a profile' }));
    type('Profile name', 'Me');
    type('Bust (in)', '34');
    fireEvent.click(screen.getByRole('button', { name: 'Centimetres' }));
    expect(screen.getByRole('button', { name: 'Centimetres' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Bust (cm)') as HTMLInputElement).value).toBe('86.4');
    type('Shoulder (cm)', '36.2');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved');
    // The unit she typed in goes with the profile, for the tailor (docs/product.md#measurement-profiles).
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Me',
      unit: 'cm',
      measurements: { bust: 864, shoulder: 362 },
    });
  });
});

describe('MeasurementsPage (docs/product.md#measurement-profiles): what it refuses', () => {
  it("refuses a value out of range with the server's own message, and sends nothing", async () => {
    const calls = mockApi({ 'GET /measurements': () => ({ status: 200, body: { profiles: [] } }) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a profile' }));
    type('Profile name', 'Me');
    // 340 inches: centimetres typed as inches.
    type('Bust (in)', '340');
    type('Knee (in)', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Bust must be between 40 and 170 cm (15.7 to 66.9 inches).')).toBeTruthy();
    expect(screen.getByText('Knee must be between 18 and 70 cm (7.1 to 27.6 inches).')).toBeTruthy();
    expect(screen.getByLabelText('Bust (in)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Bust (in)'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal and keeps everything typed", async () => {
    mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile()] } }),
      'POST /measurements': () => ({
        status: 409,
        body: {
          message: 'You already have a profile with this name. Choose another name.',
          code: 'conflict',
          reason: 'measurement.duplicateName',
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a profile' }));
    type('Profile name', 'me');
    type('Armhole (in)', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have a profile with this name. Choose another name.');
    expect((screen.getByLabelText('Profile name') as HTMLInputElement).value).toBe('me');
    expect((screen.getByLabelText('Armhole (in)') as HTMLInputElement).value).toBe('15');
  });
});

describe('MeasurementsPage (docs/product.md#measurement-profiles): editing, deleting and the limit', () => {
  it('edits a profile: values left as they were go back unchanged, in millimetres', async () => {
    const calls = mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile({ measurements: { bust: 865 } })] } }),
      'PUT /measurements/*': () => ({ status: 200, body: { profile: makeProfile() } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Me' }));
    // 865 mm shows as 34.1 in; sent back as 865, not 866.
    expect((screen.getByLabelText('Bust (in)') as HTMLInputElement).value).toBe('34.1');
    type('Profile name', 'Me (2026)');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/measurements/00000000-0000-4000-8000-000000000001');
    expect(put?.body).toEqual({ name: 'Me (2026)', unit: 'in', measurements: { bust: 865 } });
  });

  it('opens a profile typed in centimetres in centimetres, and keeps that unit', async () => {
    const calls = mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile({ unit: 'cm', measurements: { bust: 865 } })] } }),
      'PUT /measurements/*': () => ({ status: 200, body: { profile: makeProfile() } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Me' }));
    expect(screen.getByRole('button', { name: 'Centimetres' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Bust (cm)') as HTMLInputElement).value).toBe('86.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Me', unit: 'cm', measurements: { bust: 865 } });
  });

  it('deletes a profile only after the question is answered', async () => {
    const calls = mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile()] } }),
      'DELETE /measurements/*': () => ({ status: 200, body: { profiles: [] } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Me' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this profile?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Me' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this profile?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No measurement profiles yet.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when the limit of 10 profiles is reached, and offers no new one', async () => {
    const profiles = Array.from({ length: 10 }, (_, index) =>
      makeProfile({ _id: `00000000-0000-4000-8000-0000000000${String(index + 10)}`, name: `Profile ${index + 1}` }),
    );
    mockApi({ 'GET /measurements': () => ({ status: 200, body: { profiles } }) });
    renderPage();
    await screen.findByText('Profile 10');
    expect((screen.getByRole('button', { name: 'Add a profile' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You have 10 profiles, the most you can keep. Delete one to add another.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });
});

describe('MeasurementsPage (docs/product.md#measurement-profiles): coming from checkout', () => {
  function renderFrom(path: string) {
    return renderWithApp(
      <>
        <MeasurementsPage />
        <LocationProbe />
        <TestToaster />
      </>,
      { user: makeUser(), path },
    );
  }

  async function addProfile() {
    fireEvent.click(await screen.findByRole('button', { name: 'Add a profile' }));
    type('Profile name', 'Priya, 8 years');
    type('Bust (in)', '24');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
  }

  it('offers the way back to the order and, once a profile is saved, returns her there at the top', async () => {
    mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [] } }),
      'POST /measurements': () => ({ status: 201, body: { profile: makeProfile() } }),
    });
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderFrom('/measurements?returnTo=%2Fplaceorder');
    expect((await screen.findByRole('link', { name: 'Back to your order' })).getAttribute('href')).toBe('/placeorder');
    await addProfile();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/placeorder'));
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    scrolled.mockRestore();
  });

  it('without a way back (or with one to another site) stays, and shows her profiles from the top after saving', async () => {
    mockApi({
      'GET /measurements': () => ({ status: 200, body: { profiles: [] } }),
      'POST /measurements': () => ({ status: 201, body: { profile: makeProfile() } }),
    });
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderFrom('/measurements?returnTo=%2F%2Fevil.example%2Fplaceorder');
    await screen.findByRole('button', { name: 'Add a profile' });
    expect(screen.queryByRole('link', { name: 'Back to your order' })).toBeNull();
    await addProfile();
    await screen.findByText('Profile saved');
    expect(screen.getByTestId('location').textContent).toBe('/measurements');
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    scrolled.mockRestore();
  });
});

describe('MeasurementsPage (docs/product.md#the-measurement-book): versions', () => {
  const versions: ProfileVersion[] = [
    { at: '2026-11-28T06:30:00.000Z', source: 'shop', measurements: { bust: 864, waist: 720 } },
    { at: '2026-11-01T10:00:00.000Z', source: 'shopper', measurements: { bust: 850 } },
  ];

  it('says who wrote the latest version and when, and compares the versions side by side', async () => {
    mockApi({ 'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile({ versions })] } }) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Measurement profiles' });
    expect(within(list).getByTestId('profile-latest').textContent).toBe('Measured by Thaiyal on 28 Nov 2026');
    expect(screen.queryByTestId('versions-table')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Compare versions of Me' }));
    const table = screen.getByTestId('versions-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Measurement (in)', 'Measured by Thaiyal on 28 Nov 2026', 'Typed by you on 1 Nov 2026'],
      ['Bust', '34', '33.5'],
      ['Waist', '28.3', '–'],
    ]);
  });

  it('offers no comparison for a single version, and says "Typed by you" for her own', async () => {
    mockApi({ 'GET /measurements': () => ({ status: 200, body: { profiles: [makeProfile({ versions: [versions[1]!] })] } }) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Measurement profiles' });
    expect(within(list).getByTestId('profile-latest').textContent).toBe('Typed by you on 1 Nov 2026');
    expect(within(list).queryByRole('button', { name: 'Compare versions of Me' })).toBeNull();
  });

  it("suggests measuring a child's profile again when its latest version is over six months old", async () => {
    const old: ProfileVersion[] = [{ at: '2020-01-10T10:00:00.000Z', source: 'shop', measurements: { chest: 600 } }];
    mockApi({
      'GET /measurements': () => ({
        status: 200,
        body: {
          profiles: [
            makeProfile({ name: 'Priya, 8 years', versions: old }),
            makeProfile({ _id: '00000000-0000-4000-8000-000000000002', name: 'Amma', versions: old }),
            makeProfile({
              _id: '00000000-0000-4000-8000-000000000003',
              name: 'Divya 6 years',
              versions: [{ ...old[0]!, at: new Date().toISOString() }],
            }),
          ],
        },
      }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Measurement profiles' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((one) => within(one).queryByTestId('remeasure') !== null)).toEqual([true, false, false]);
    expect(within(items[0]!).getByTestId('remeasure').textContent).toMatch(/^Time to measure again/);
  });
});
