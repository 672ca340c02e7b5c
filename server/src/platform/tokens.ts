import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random opaque token (refresh and reset tokens): 32 bytes from the CSPRNG, base64url (ASVS 7.2.3). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a high-entropy token, hex. Tokens and one-time codes are stored only as
 * hashes (ASVS 7.2.x, docs/product.md#sign-up); a fast hash suffices for 256-bit tokens, and the
 * one-time code's hash is keyed by its row id and the session secret so the 10^6 space
 * cannot be precomputed.
 */
export function hashToken(token: string, key = ''): string {
  return createHash('sha256').update(key).update('\0').update(token).digest('hex');
}

/** A numeric one-time code of `digits` digits from the CSPRNG (ASVS 6.5.x), leading zeros kept. */
export function randomNumericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
