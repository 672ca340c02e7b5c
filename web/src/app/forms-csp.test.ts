import { util } from 'zod/v4/core';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { SigninBodySchema } from '@thaiyal/contract/account';
import { ContactBodySchema } from '@thaiyal/contract/contact';
// The form modules, loaded as a page loads them: each builds its schemas at import.
import '../features/admin/components/create-product-form';
import '../features/admin/components/banners-panel';
import '../features/auth/components/signin-form';
import '../features/auth/components/signup-form';
import '../features/checkout/components/address-form';
import '../features/contact/components/contact-form';

/**
 * zod 4 probes `new Function('')` the first time it builds an object schema, to decide
 * whether to compile fast parsers. The probe's error is caught, but Chromium still reports a
 * CSP violation (the shop's CSP allows no eval) on every page with a form. The contract's
 * `zod.ts` turns zod jitless in a page before any schema is built; these check it did.
 */
describe('the web forms never ask for eval (CSP script-src without unsafe-eval)', () => {
  it('zod is jitless once the form schemas have loaded', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('the eval probe never ran: Node allows eval, so a probe would have cached `true`', () => {
    expect(util.allowsEval.value).toBe(false);
  });

  it('the schemas still validate without the compiled fast path', () => {
    expect(SigninBodySchema.safeParse({ email: 'meena@example.com', password: 'secret1' }).success).toBe(true);
    expect(SigninBodySchema.safeParse({ email: 'not an e-mail', password: '' }).success).toBe(false);
    expect(ContactBodySchema.safeParse({ name: '', email: 'x', phone: '1', message: '' }).success).toBe(false);
  });
});
