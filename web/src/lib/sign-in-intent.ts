/**
 * What a visitor was doing when the shop sent her to sign in (docs/product.md#sign-in): the
 * page to come back to and, on a product, the action to finish there (Add to cart, Buy now,
 * the heart, a review with its draft). Kept in this tab's sessionStorage, so it lives through
 * sign-up and the one-time code too, and for at most 30 minutes; read once.
 */
export type SignInIntent =
  | { returnTo: string; action?: undefined }
  | { returnTo: string; action: 'add-to-cart' | 'buy-now' | 'wishlist'; productId: string }
  | { returnTo: string; action: 'review'; productId: string; comment: string; stars: number };

const INTENT_KEY = 'thaiyal.signInIntent';
/** How long an intent waits for the sign-in, in ms. */
const INTENT_TTL_MS = 30 * 60_000;
const ACTIONS = new Set(['add-to-cart', 'buy-now', 'wishlist', 'review']);

/**
 * Whether `path` is a path of this site that sign-in may lead back to: it starts with one `/`
 * (not `//host` or `/\host`, which browsers read as another site), has no scheme and no
 * control characters, and is not a sign-in page itself (ASVS 3.7.2, no open redirect).
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return !['/signin', '/signup', '/otp', '/forgot'].includes(pathname);
}

/** Remember what the visitor was doing before she is sent to sign in. An unsafe path is dropped. */
export function rememberSignInIntent(intent: SignInIntent): void {
  if (!isSafeReturnPath(intent.returnTo)) return;
  try {
    sessionStorage.setItem(INTENT_KEY, JSON.stringify({ ...intent, savedAt: Date.now() }));
  } catch {
    // Private mode may refuse storage: sign-in then leads home, as it always did.
  }
}

/** For a sign-in link (header, drawer): signing in leads back to the page it was followed from. */
export function rememberThisPage(): void {
  rememberSignInIntent({ returnTo: `${window.location.pathname}${window.location.search}` });
}

function readIntent(): SignInIntent | undefined {
  try {
    const raw = sessionStorage.getItem(INTENT_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<SignInIntent> & { savedAt?: unknown };
    if (typeof value.savedAt !== 'number' || Date.now() - value.savedAt > INTENT_TTL_MS) return undefined;
    if (typeof value.returnTo !== 'string' || !isSafeReturnPath(value.returnTo)) return undefined;
    if (value.action === undefined) return { returnTo: value.returnTo };
    if (!ACTIONS.has(value.action) || typeof value.productId !== 'string') return undefined;
    if (value.action === 'review') {
      if (typeof value.comment !== 'string' || typeof value.stars !== 'number') return undefined;
      return { returnTo: value.returnTo, action: 'review', productId: value.productId, comment: value.comment, stars: value.stars };
    }
    return { returnTo: value.returnTo, action: value.action, productId: value.productId };
  } catch {
    return undefined;
  }
}

function forget(): void {
  try {
    sessionStorage.removeItem(INTENT_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Where a shopper who has just signed in (or verified her sign-up) goes: the page she was sent
 * from, else home. An intent with an action stays for that page to finish
 * ({@link takeSignInAction}); one without is used up here.
 */
export function returnPathAfterSignIn(home: string): string {
  const intent = readIntent();
  if (!intent) {
    forget();
    return home;
  }
  if (!intent.action) forget();
  return intent.returnTo;
}

/**
 * The action a signed-in shopper was sent away from, to finish now that she is back on the
 * page it was made on (`at`: path and query, as in the intent's `returnTo`), when it is one of
 * `actions` (and on `productId`, when given): answered once, then forgotten. Anything else is
 * left for its own page.
 */
export function takeSignInAction<A extends NonNullable<SignInIntent['action']>>(options: {
  at: string;
  actions: readonly A[];
  productId?: string;
}): Exclude<SignInIntent, { action?: undefined }> | undefined {
  const intent = readIntent();
  if (!intent?.action || intent.returnTo !== options.at || !options.actions.includes(intent.action as A)) return undefined;
  if (options.productId !== undefined && intent.productId !== options.productId) return undefined;
  forget();
  return intent;
}
