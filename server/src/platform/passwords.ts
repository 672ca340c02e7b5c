import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters: 19 MiB memory, 2 passes, 1 lane: OWASP's minimum for argon2id
 * (ASVS 11.4.2; docs/product.md#sign-in).
 */
/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password with argon2id; returns the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** True when `password` matches the PHC string; false for a mismatch or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spend the time of one verification against a throwaway hash, so a sign-in for an unknown
 * e-mail takes as long as one for a known e-mail (no account enumeration by timing, ASVS 6.3.x).
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('thaiyal-dummy-password');
  await verifyPassword(await dummyHash, password);
}
