import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { forgetOwnerDay } from '../../../lib/owner-day';
import { mockApi } from '../../../test/mock-api';
import { makeUser } from '../../../test/render';
import { authUserQuery } from './auth-check';

const owner = makeUser({ role: 'admin', username: 'Thaiyal owner' });
const shopper = makeUser();
/** A request that never reaches the server, as fetch rejects it offline. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

/** One session check, as a fresh page asks it (a new query client: nothing remembered but the phone's storage). */
function check(): Promise<unknown> {
  return new QueryClient().fetchQuery(authUserQuery);
}

describe('the session check without a connection (docs/decisions/024-owners-day-offline.md#opening-the-dashboard-offline)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("answers the admin's kept account, so the owner's dashboard opens offline", async () => {
    mockApi({ 'GET /auth/check': () => ({ status: 200, body: { user: owner } }) });
    expect(await check()).toEqual(owner);

    mockApi({ 'GET /auth/check': noConnection });
    expect(await check()).toEqual(owner);
  });

  it("never keeps a shopper's account: offline, her check fails as before", async () => {
    mockApi({ 'GET /auth/check': () => ({ status: 200, body: { user: shopper } }) });
    expect(await check()).toEqual(shopper);

    mockApi({ 'GET /auth/check': noConnection });
    await expect(check()).rejects.toSatisfy((error) => error instanceof ApiError && error.status === 0);
  });

  it('forgets the kept account when the server says she is signed out, and when she signs out', async () => {
    mockApi({ 'GET /auth/check': () => ({ status: 200, body: { user: owner } }) });
    await check();
    mockApi({
      'GET /auth/check': () => ({ status: 401, body: { message: 'Unauthorized' } }),
      'POST /auth/refresh-token': () => ({ status: 401, body: { message: 'Unauthorized' } }),
    });
    expect(await check()).toBeNull();
    mockApi({ 'GET /auth/check': noConnection });
    await expect(check()).rejects.toBeInstanceOf(ApiError);

    mockApi({ 'GET /auth/check': () => ({ status: 200, body: { user: owner } }) });
    await check();
    forgetOwnerDay();
    mockApi({ 'GET /auth/check': noConnection });
    await expect(check()).rejects.toBeInstanceOf(ApiError);
  });
});
