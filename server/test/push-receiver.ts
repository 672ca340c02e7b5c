import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@thaiyal/contract';

/** A browser's push subscription as the tests make it: what the browser would hand the shop, and its private half. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One notification the receiver got: the request's headers and its decrypted payload. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: PushPayload;
}

/** A push service on loopback; see {@link startPushReceiver}. */
export interface PushReceiver {
  url: string;
  received: ReceivedPush[];
  /** A new browser subscription on this receiver (its own P-256 key pair and auth secret). */
  subscription(): TestSubscription;
  /** Resolves once `count` notifications (since the start) have arrived; rejects after `timeoutMs` with what came. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * Decrypt an `aes128gcm` Web Push body (RFC 8291 section 3.4, RFC 8188) with the browser's
 * private key and auth secret, as a browser does: the header's salt, record size and the shop's
 * ephemeral public key, the ECDH secret, two HKDFs and AES-128-GCM; then the padding delimiter.
 * @throws Error when the body does not decrypt (wrong keys, tampering).
 */
export function decryptPush(body: Buffer, subscription: Pick<TestSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A push service on 127.0.0.1 for the tests (docs/decisions/023-push-notifications.md): an HTTP
 * server that takes `POST /push/<id>`, decrypts the body with that subscription's keys (RFC 8291)
 * and records it, answering `status(path)` (201 by default; 410 to say the subscription is gone).
 * `onReceived` runs once a notification is whole and decrypted, before the answer is sent.
 */
export async function startPushReceiver(
  options: { status?: (path: string) => number; onReceived?: (push: ReceivedPush) => void } = {},
): Promise<PushReceiver> {
  const subscriptions = new Map<string, TestSubscription>();
  const received: ReceivedPush[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const subscription = subscriptions.get(path);
      if (!subscription || request.method !== 'POST') return void response.writeHead(404).end();
      const push = { path, headers: request.headers, payload: JSON.parse(decryptPush(Buffer.concat(chunks), subscription)) as PushPayload };
      received.push(push);
      options.onReceived?.(push);
      for (const waiter of waiters.filter((one) => received.length >= one.count)) waiter.resolve();
      response.writeHead(options.status?.(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const made = {
        endpoint: `${url}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      subscriptions.set(path, made);
      return made;
    },
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} notifications arrived`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The parts of a VAPID `Authorization` header (RFC 8292 section 3): `vapid t=<JWT>, k=<public key>`,
 * with the JWT's claims decoded (not verified: the shape is what the test checks).
 */
export function vapidHeader(header: string | undefined): { key: string; claims: { aud: string; exp: number; sub: string } } | undefined {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return undefined;
  return {
    key: match[4]!,
    claims: JSON.parse(Buffer.from(match[2]!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string },
  };
}
