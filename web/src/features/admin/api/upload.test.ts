import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, resetApiStateForTests, setSessionExpiredHandler } from '../../../lib/api';
import { FakeXhr } from '../../../test/fake-xhr';
import { uploadMultipart } from './upload';

describe('uploadMultipart (XMLHttpRequest with progress; docs/product.md#api credentials, docs/product.md#messages Any 401)', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetApiStateForTests();
    FakeXhr.reset();
    fetchMock.mockReset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('POSTs the form to /api with cookies, reports progress and resolves with the body', async () => {
    FakeXhr.answers.push([201, { product: { _id: 'x' } }]);
    const form = new FormData();
    form.append('name', 'Blouse');
    const progress: number[] = [];
    const body = await uploadMultipart('/product', form, { onProgress: (fraction) => progress.push(fraction) });
    expect(body).toEqual({ product: { _id: 'x' } });
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/product', withCredentials: true, body: form });
    expect(progress).toEqual([0.5, 1]);
  });

  it('PUTs when asked, also when sending again after a 401 (docs/product.md#designed-photos)', async () => {
    FakeXhr.answers.push([401, { message: 'Sign in', code: 'unauthorized' }], [200, { message: 'Order status updated to designed' }]);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const form = new FormData();
    form.append('status', 'designed');
    await expect(uploadMultipart('/orders/status/TH-1', form, { method: 'PUT' })).resolves.toEqual({
      message: 'Order status updated to designed',
    });
    expect(FakeXhr.sent.map((xhr) => [xhr.method, xhr.url])).toEqual([
      ['PUT', '/api/orders/status/TH-1'],
      ['PUT', '/api/orders/status/TH-1'],
    ]);
    expect(FakeXhr.sent[1]!.body).toBe(form);
  });

  it("throws the server's status, message and code", async () => {
    FakeXhr.answers.push([415, { message: 'Only images can be uploaded', code: 'unsupported_media_type' }]);
    const error = await uploadMultipart('/product', new FormData()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: 'Only images can be uploaded', code: 'unsupported_media_type' });
  });

  it('throws status 0 on a network failure', async () => {
    FakeXhr.answers.push([0, null]);
    await expect(uploadMultipart('/banner', new FormData())).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('after a 401 joins the shared token refresh and sends the upload once more', async () => {
    FakeXhr.answers.push([401, { message: 'Sign in', code: 'unauthorized' }], [201, { banner: { _id: 'b' } }]);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    await expect(uploadMultipart('/banner', new FormData())).resolves.toEqual({ banner: { _id: 'b' } });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/refresh-token');
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('gives up with the 401 and ends the session when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    FakeXhr.answers.push([401, { message: 'Sign in', code: 'unauthorized' }]);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    await expect(uploadMultipart('/banner', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
