import type { FastifyRequest } from 'fastify';

/**
 * Paths whose last segment is a secret: the password-reset token, in the mail's link
 * (`GET /api/reset/{token}`, docs/product.md#screens reset screen) and in the reset call
 * (`PUT /api/auth/reset/{token}`, docs/product.md#api). Whoever reads the logs must not be able to reset a
 * shopper's password (ASVS 7.1.1, 8.3.5: no session tokens or other secrets in logs). And a
 * shared order's tracking token (`GET /track/{token}`, docs/security.md#tracking-links): whoever
 * reads the logs must not be able to open her order's page.
 */
const SECRET_PATHS = [/^(\/api\/reset\/)[^/?#]+/, /^(\/api\/auth\/reset\/)[^/?#]+/, /^(\/track\/)[^/?#]+/];

/** `url` with any secret path segment replaced by `[redacted]`; other URLs unchanged. */
export function redactUrl(url: string): string {
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[redacted]');
  }
  return url;
}

/**
 * Fastify's request log serializer (the fields its default one logs), with the URL passed
 * through {@link redactUrl}. Headers and bodies are never logged.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
