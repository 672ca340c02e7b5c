import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { AUTH_USER_KEY, useAuth } from '../features/auth/api/auth-check';
import { resetApiStateForTests } from '../lib/api';
import { hasSessionHint } from '../lib/session-hint';
import { createQueryClient } from '../lib/query-client';
import { connectSession } from './providers';
import { clearSession } from './session';
import { json } from '../test/mock-api';

function withQueryClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
}

const SHOPPER = { _id: 'u1', username: 'Meena', email: 'meena@example.com', role: 'customer', address: null };

describe('the auth check on start (docs/product.md#screens, docs/product.md#states-and-transitions; docs/decisions/013-first-load.md)', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetApiStateForTests();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the session hint among other cookies, and only that name', () => {
    expect(hasSessionHint('theme=dark; signed_in=1; lang=ta')).toBe(true);
    expect(hasSessionHint('signed_in=1')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('not_signed_in=1; signed_inx=1')).toBe(false);
  });

  it('knows a browser without the hint is a visitor, with no request and no token refresh', async () => {
    const queryClient = createQueryClient();
    connectSession(queryClient, 'lang=ta');
    expect(queryClient.getQueryData(AUTH_USER_KEY)).toBeNull();
    expect(queryClient.getQueryState(AUTH_USER_KEY)?.status).toBe('success');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the check to the first useAuth when the hint is there (the server drew the page with it pending), which asks GET /api/auth/check and takes its user', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: SHOPPER }));
    const queryClient = createQueryClient();
    connectSession(queryClient, 'signed_in=1');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(AUTH_USER_KEY)).toBeUndefined();
    const { result } = renderHook(() => useAuth(), { wrapper: withQueryClient(queryClient) });
    expect(result.current.isLoading).toBe(true);
    await vi.waitFor(() => expect(result.current.user).toEqual(SHOPPER));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/check');
  });

  it('treats a hint whose session has ended as a visitor after one refresh attempt, keeping the visitor recommendations', async () => {
    fetchMock.mockImplementation(async () => json(401, { message: 'Please sign in', code: 'unauthorized' }));
    const queryClient = createQueryClient();
    const recommendKey = ['products', 'recommend', null];
    queryClient.setQueryData(recommendKey, []);
    connectSession(queryClient, 'signed_in=1');
    renderHook(() => useAuth(), { wrapper: withQueryClient(queryClient) });
    await vi.waitFor(() => expect(queryClient.getQueryState(AUTH_USER_KEY)?.status).toBe('success'));
    expect(queryClient.getQueryData(AUTH_USER_KEY)).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/check', '/api/auth/refresh-token']);
    expect(queryClient.getQueryState(recommendKey)?.isInvalidated).toBe(false);
  });

  it('clearing a signed-in session refetches the recommendations for the visitor', () => {
    const queryClient = createQueryClient();
    const recommendKey = ['products', 'recommend', 'u1'];
    queryClient.setQueryData(AUTH_USER_KEY, SHOPPER);
    queryClient.setQueryData(recommendKey, []);
    clearSession(queryClient);
    expect(queryClient.getQueryData(AUTH_USER_KEY)).toBeNull();
    expect(queryClient.getQueryState(recommendKey)?.isInvalidated).toBe(true);
  });

  it('clearing the session forgets the address she was typing, so the next shopper of the tab does not see it', () => {
    sessionStorage.setItem('thaiyal.addressDraft', JSON.stringify({ name: 'Meena' }));
    clearSession(createQueryClient());
    expect(sessionStorage.getItem('thaiyal.addressDraft')).toBeNull();
  });
});
