import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/**
 * Bodies smaller than this go out as they are (docs/performance.md#images-and-caching): below about one TCP packet,
 * compressing saves no round trip and costs CPU. Bytes of the uncompressed body.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality of every response, compressed as it is sent (docs/performance.md#images-and-caching; 0 fastest … 11
 * smallest). Measured on the 2-core box: the web app's 283 KiB main script comes out at 89 KiB
 * in 6 ms at quality 4, 84 KiB in 10 ms at 5, 77 KiB in 500 ms at 11, and 89 KiB in 6 ms with
 * gzip 6; a 68 KiB product list at 3.1 KiB in 0.27 ms at 4, 2.7 KiB in 0.34 ms at 5 (gzip 6:
 * 3.5 KiB). Quality 4 would make brotli no smaller than gzip for scripts; 5 is the lowest that
 * beats it everywhere, for a quarter more CPU on JSON. Quality 11 only pays for files
 * compressed once, at build time.
 */
const BROTLI_QUALITY = 5;

/** gzip level for clients without brotli: zlib's default, the usual size/CPU balance. */
const GZIP_LEVEL = 6;

/**
 * Text-like media types worth compressing (docs/performance.md#images-and-caching: JSON and the web app's files): any
 * `text/*` but event streams, JSON, JavaScript, XML and their `+json`/`+xml` kin (SVG, the web
 * manifest). Images (WebP uploads), fonts and other binary formats are compressed already.
 * @param contentType a Content-Type value, parameters allowed (`application/json; charset=utf-8`).
 */
export function isCompressibleType(contentType: string): boolean {
  return /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)(?:;|$)|[\w.-]+\/[\w.-]+\+(?:json|xml)(?:;|$))/i.test(
    contentType.trim(),
  );
}

/** Add `accept-encoding` to the reply's Vary, keeping what is there (`cookie`); once only. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  // Lower case: @fastify/compress looks for this exact spelling before adding its own.
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Runs before @fastify/compress on every response. A response whose content could be
 * compressed names `Accept-Encoding` in Vary whether or not this one is (small, or the client
 * accepts no encoding), so a shared cache never hands one client's encoding to another. A
 * 304 carries the Vary its 200 would (RFC 9110 §15.4.5); it has no Content-Type, so, as the
 * plugin does, it counts as JSON (an image's 304 thus names Accept-Encoding too, which costs a
 * cache nothing). Its body, if any (@fastify/static's empty stream), is dropped: the plugin
 * would otherwise label the empty answer `Content-Encoding: br`.
 */
const beforeCompression: onSendHookHandler = async (_request, reply, payload) => {
  const bodiless = reply.statusCode === 304 || reply.statusCode === 204;
  const contentType = reply.getHeader('content-type');
  if (bodiless || (typeof contentType === 'string' && isCompressibleType(contentType))) varyOnAcceptEncoding(reply);
  if (bodiless && payload !== null && payload !== undefined) {
    const stream = payload as { destroy?: () => void };
    stream.destroy?.();
    return null;
  }
  return payload;
};

/**
 * Runs after @fastify/compress on every route. A strong ETag names one exact byte sequence
 * (RFC 9110 §8.8.1), so a body the plugin re-encoded gets the weak form of its tag, as nginx
 * does; `If-None-Match` compares weakly, so revalidation still gives 304 (catalog.routes.ts
 * ignores `W/`). A 304 answers with the form the client holds.
 */
function afterCompression(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) {
    const encoding = reply.getHeader('content-encoding');
    const encoded = encoding !== undefined && encoding !== 'identity';
    const clientHoldsWeak = reply.statusCode === 304 && (request.headers['if-none-match'] ?? '').includes(`W/${etag}`);
    if (encoded || clientHoldsWeak) reply.header('etag', `W/${etag}`);
  }
  done(null, payload);
}

/**
 * Compress responses (docs/performance.md#images-and-caching) with @fastify/compress: brotli ({@link BROTLI_QUALITY}) or
 * gzip ({@link GZIP_LEVEL}) by the request's Accept-Encoding, for bodies of at least
 * {@link COMPRESSION_THRESHOLD_BYTES} whose type {@link isCompressibleType} accepts (or
 * mime-db calls compressible): JSON answers, the web app's files and pages, sitemap and
 * robots; never the WebP images of `/uploads`. Request bodies are not decompressed: browsers
 * never compress them, and accepting them would only add a decompression path to attack.
 *
 * Call before any route is registered (the plugin attaches itself to routes as they are
 * added) and route the pages through a route, not the not-found handler, which the plugin
 * never sees.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', beforeCompression);
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: isCompressibleType,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // Added after the plugin's own onRoute hook, so this onSend runs after its compression.
  app.addHook('onRoute', (route) => {
    const current = route.onSend;
    route.onSend = [...(current === undefined ? [] : Array.isArray(current) ? current : [current]), afterCompression];
  });
}

/** Brotli quality of bodies compressed once and sent many times ({@link precompressed}): as the build's own files. */
export const PRECOMPRESSED_BROTLI_QUALITY = 11;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings made of one fixed body; none while they are being made. */
interface Encodings {
  br?: Buffer;
  gzip?: Buffer;
}

/** Per fixed body (the object that holds it), its encodings; forgotten with the body. */
const encodingsOf = new WeakMap<object, Encodings>();

/**
 * A fixed text body already compressed for this request, when the client accepts brotli or
 * gzip and the body is worth compressing: the catalog's answers are the same bytes for every
 * shopper until the catalog changes (docs/decisions/001), so each is compressed once, at brotli
 * {@link PRECOMPRESSED_BROTLI_QUALITY} or gzip 9, on libuv's thread pool, not per request
 * (docs/performance.md#how-it-measures, docs/performance.md#images-and-caching). Undefined until that is done (the first requests after a change are
 * compressed as they go, like any answer), or when nothing fits.
 * @param owner the object holding `text`, whose lifetime the encodings share.
 */
export function precompressed(request: FastifyRequest, owner: object, text: string): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  if (Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES || request.headers['x-no-compression'] !== undefined) return undefined;
  const header = request.headers['accept-encoding'];
  const encoding = typeof header === 'string' ? negotiate(header, ['br', 'gzip']) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return undefined;
  let encodings = encodingsOf.get(owner);
  if (!encodings) {
    const made: Encodings = {};
    const source = Buffer.from(text);
    void Promise.all([
      brotliAsync(source, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: PRECOMPRESSED_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: 9 }),
    ]).then(
      ([br, gzipped]) => {
        made.br = br;
        made.gzip = gzipped;
      },
      // Compressing a string in memory does not fail; if it did, answers stay per request.
      () => undefined,
    );
    encodingsOf.set(owner, made);
    encodings = made;
  }
  const body = encodings[encoding];
  return body ? { encoding, body } : undefined;
}
