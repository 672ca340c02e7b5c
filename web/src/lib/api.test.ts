import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, refreshAfterUnauthorized, resetApiStateForTests, setSessionExpiredHandler } from './api';
import { json } from '../test/mock-api';

describe('api client (docs/product.md#api, docs/product.md#messages Any 401)', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetApiStateForTests();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends credentials and JSON to /api and throws the server message, status and code', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Product not found', code: 'not_found' }));
    const error = await api('/product/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Product not found' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/product/x');
    expect(init?.credentials).toBe('include');
  });

  it('answers several 401s with one shared refresh, then retries each request once', async () => {
    let refreshed = false;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/refresh-token') {
        refreshed = true;
        return json(200, { ok: true });
      }
      return refreshed ? json(200, { url }) : json(401, { message: 'Sign in', code: 'unauthorized' });
    });
    const [cart, wishlist] = await Promise.all([api<{ url: string }>('/cart'), api<{ url: string }>('/wishlist')]);
    expect(cart.url).toBe('/api/cart');
    expect(wishlist.url).toBe('/api/wishlist');
    const refreshCalls = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/refresh-token');
    expect(refreshCalls).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('calls the session-expired handler and throws the 401 when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fetchMock.mockImplementation(async () => json(401, { message: 'Sign in', code: 'unauthorized' }));
    await expect(api('/cart')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the session when the refresh finds no connection: only a refusal ends it', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refresh-token') throw new TypeError('Failed to fetch');
      return json(401, { message: 'Sign in', code: 'unauthorized' });
    });
    await expect(api('/cart')).rejects.toMatchObject({ status: 401 });
    expect(await refreshAfterUnauthorized()).toBe(false);
    expect(expired).not.toHaveBeenCalled();
  });

  it('never refreshes for a failed sign-in', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Invalid credentials', code: 'unauthorized' }));
    await expect(api('/auth/signin', { method: 'POST', body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
