import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** A VAPID key pair (RFC 8292), base64url: the public key is the browsers' `applicationServerKey`. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Reads `file`'s key pair, or undefined when it does not exist. @throws Error when it is not a key pair. */
function readKeys(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error(`${file} is not a VAPID key pair`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The shop's VAPID keys (docs/decisions/023-push-notifications.md; config.ts `PushConfig`): the
 * configured pair (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`), else the one generated once into
 * `DATA_DIR/vapid.json` with mode 0600, as the session secret is (platform/secret.ts), so every
 * process of the shop and every restart signs with the same key and browsers' subscriptions
 * stay good. A new key would orphan every subscription (push services refuse it with 403).
 */
export function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = join(dataDir, 'vapid.json');
  const existing = readKeys(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`, { mode: 0o600, flag: 'wx' });
    return { publicKey: made.publicKey, privateKey: made.privateKey };
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeys(file)!;
    throw error;
  }
}
