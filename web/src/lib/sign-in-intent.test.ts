import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSafeReturnPath, rememberSignInIntent, returnPathAfterSignIn, takeSignInAction } from './sign-in-intent';

const PRODUCT = '/view/0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10/saree-blouse';
const PRODUCT_ID = '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10';

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in keeps the shopper’s intent (docs/product.md#sign-in)', () => {
  it.each([
    ['/view/abc/saree-blouse', true],
    ['/category/palazzo-pant?sort=price', true],
    ['/', true],
    ['//evil.example/path', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['view/abc', false],
    ['/view/a\nb', false],
    ['/signin', false],
    ['/otp?x=1', false],
  ])('ASVS 3.7.2 follows only same-site relative paths: %s → %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });

  it('leads back to the page, and leaves its action for that page to finish once', () => {
    rememberSignInIntent({ returnTo: PRODUCT, action: 'add-to-cart', productId: PRODUCT_ID });
    expect(returnPathAfterSignIn('/')).toBe(PRODUCT);
    // Another page, another product or another kind of action does not take it.
    expect(takeSignInAction({ at: '/', actions: ['add-to-cart'] })).toBeUndefined();
    expect(takeSignInAction({ at: PRODUCT, actions: ['add-to-cart'], productId: 'other' })).toBeUndefined();
    expect(takeSignInAction({ at: PRODUCT, actions: ['wishlist'] })).toBeUndefined();
    expect(takeSignInAction({ at: PRODUCT, actions: ['add-to-cart'], productId: PRODUCT_ID })).toEqual({
      returnTo: PRODUCT,
      action: 'add-to-cart',
      productId: PRODUCT_ID,
    });
    expect(takeSignInAction({ at: PRODUCT, actions: ['add-to-cart'], productId: PRODUCT_ID })).toBeUndefined();
    expect(returnPathAfterSignIn('/')).toBe('/');
  });

  it('uses up a plain return path at once, and refuses to keep an unsafe one', () => {
    rememberSignInIntent({ returnTo: '/cartpage' });
    expect(returnPathAfterSignIn('/')).toBe('/cartpage');
    expect(returnPathAfterSignIn('/')).toBe('/');
    rememberSignInIntent({ returnTo: '//evil.example/' });
    expect(returnPathAfterSignIn('/')).toBe('/');
  });

  it('ignores a tampered or stale intent', () => {
    sessionStorage.setItem('thaiyal.signInIntent', JSON.stringify({ returnTo: '//evil.example/', savedAt: Date.now() }));
    expect(returnPathAfterSignIn('/')).toBe('/');
    sessionStorage.setItem('thaiyal.signInIntent', '{not json');
    expect(returnPathAfterSignIn('/')).toBe('/');
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    rememberSignInIntent({ returnTo: '/wishlist' });
    vi.setSystemTime(new Date('2026-11-24T10:31:00Z'));
    expect(returnPathAfterSignIn('/')).toBe('/');
  });
});
