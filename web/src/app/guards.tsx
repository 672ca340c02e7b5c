import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Redirect } from './render-context';
import { StatusMessage } from '../components/ui/status-message';
import { useAuth } from '../features/auth/api/auth-check';
import { paths } from '../lib/paths';
import { rememberSignInIntent } from '../lib/sign-in-intent';

/** What a guarded route needs (docs/product.md#screens routes table, docs/product.md#differences-from-the-original-brief). */
export type GuardRule = 'user' | 'admin' | 'address' | 'namedAddress';

/**
 * Shows `children` only when the rule holds, after the auth check (`GET /api/auth/check`):
 * 'user' → signed in, else /signin, which leads back here after (/cartpage, /wishlist, /address, /myOrders);
 * 'admin' → role admin, else / (/admin-only);
 * 'address' → a saved address, else / (/placeorder);
 * 'namedAddress' → a saved address with a name, else / (/confirm/address).
 * While the check runs it shows 'Please wait...'. A later logout redirects at once.
 */
export function Guard({ rule, children }: { rule: GuardRule; children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const sendToSignin = rule === 'user' && !isLoading && !user;
  // Signing in leads back to the page asked for (docs/product.md#sign-in).
  useEffect(() => {
    if (sendToSignin) rememberSignInIntent({ returnTo: `${location.pathname}${location.search}` });
  }, [sendToSignin, location.pathname, location.search]);
  if (isLoading) return <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>;
  switch (rule) {
    case 'user':
      if (!user) return <Redirect to={paths.signin} />;
      break;
    case 'admin':
      if (user?.role !== 'admin') return <Redirect to={paths.home} />;
      break;
    case 'address':
      if (!user?.address) return <Redirect to={paths.home} />;
      break;
    case 'namedAddress':
      if (!user?.address?.name) return <Redirect to={paths.home} />;
      break;
  }
  return <>{children}</>;
}
