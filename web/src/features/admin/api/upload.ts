import type { ErrorBody } from '@thaiyal/contract';
import { ApiError, refreshAfterUnauthorized } from '../../../lib/api';
import { API_BASE } from '../../../lib/paths';

/** Options of one multipart upload. */
export interface UploadOptions {
  /** The HTTP method: POST (the default) creates; PUT changes, e.g. an order's status with its photos. */
  method?: 'POST' | 'PUT';
  /** Called as the request body goes out, with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.length < 300 ? { message: text } : undefined;
  }
}

function sendOnce<T>(
  path: string,
  form: FormData,
  options: UploadOptions,
): Promise<{ status: number; body: T | undefined; statusText: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    // Cookies carry the session (docs/product.md#api: credentials always sent); no timeout (docs/product.md#limits).
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) as T | undefined, statusText: xhr.statusText });
    xhr.onerror = () => reject(new ApiError(0, {}, 'Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * Sends `form` as multipart to `/api{path}` with cookies, by POST or `options.method` PUT
 * (docs/product.md#designed-photos), reporting upload progress (fetch has no upload progress,
 * so this uses XMLHttpRequest). Like `api()`, a 401 joins the one shared token refresh and the
 * upload is sent once more, by the same method (docs/product.md#messages Any 401).
 *
 * @throws ApiError with the server's status and `{message, code}` (e.g. 413 too large,
 *   415 not an image), or status 0 for a network failure; a DOMException 'AbortError'.
 */
export async function uploadMultipart<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  let response = await sendOnce<T>(path, form, options);
  if (response.status === 401 && (await refreshAfterUnauthorized())) {
    options.onProgress?.(0);
    response = await sendOnce<T>(path, form, options);
  }
  if (response.status >= 200 && response.status < 300) return response.body as T;
  const body = response.body && typeof response.body === 'object' ? (response.body as Partial<ErrorBody>) : {};
  throw new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
}
