import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests, setSessionExpiredHandler } from '../lib/api';
import { json } from '../test/mock-api';
import { PrivatePicture } from './private-picture';

// docs/security.md#private-pictures: a customer's picture needs her access token; a late load
// after the token expired refreshes it once and tries again.
describe('PrivatePicture', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetApiStateForTests();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionExpiredHandler(() => {});
  });

  it('shows the picture at its own address', () => {
    render(<PrivatePicture src="/uploads/references/ab12-640.webp" alt="Picture 1" />);
    expect(screen.getByRole('img', { name: 'Picture 1' }).getAttribute('src')).toBe('/uploads/references/ab12-640.webp');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refused once, refreshes the session and loads it once more; a second refusal stays', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    render(<PrivatePicture src="/uploads/references/ab12-640.webp" alt="Picture 1" />);
    fireEvent.error(screen.getByRole('img', { name: 'Picture 1' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: 'Picture 1' }).getAttribute('src')).toBe('/uploads/references/ab12-640.webp?retry=1'),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/refresh-token']);
    fireEvent.error(screen.getByRole('img', { name: 'Picture 1' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh ends the session as any 401 does, and the picture is not asked for again', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(json(401, { message: 'Please sign in', code: 'unauthorized' }));
    render(<PrivatePicture src="/uploads/references/ab12-640.webp" alt="Picture 1" />);
    fireEvent.error(screen.getByRole('img', { name: 'Picture 1' }));
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('img', { name: 'Picture 1' }).getAttribute('src')).toBe('/uploads/references/ab12-640.webp');
  });
});
