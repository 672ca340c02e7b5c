import { describe, expect, it } from 'vitest';
import { SigninBodySchema } from './account.js';
import { z } from './zod.js';

describe("the contract's zod", () => {
  it('keeps its compiled parsers in Node (the server), where no CSP applies', () => {
    expect(typeof document).toBe('undefined');
    expect(z.config().jitless).toBeFalsy();
    expect(SigninBodySchema.safeParse({ email: 'meena@example.com', password: 'secret1' }).success).toBe(true);
  });
});
