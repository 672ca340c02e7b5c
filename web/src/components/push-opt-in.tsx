import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import notificationsEnglish from '../i18n/en-notifications.json';
import { pushState, rememberNotNow, saidNotNow, turnOffPush, turnOnPush, type PushState } from '../lib/push';
import { serverMessage } from '../lib/server-message';
import { Button } from './ui/button';

addEnglish(notificationsEnglish);

/** Props of {@link PushOptIn}. */
export interface PushOptInProps {
  /** Whose card: a shopper's (her orders) or an admin's (the shop's new orders and answers). */
  audience: 'shopper' | 'admin';
}

/**
 * "Get notified when your order moves" (docs/product.md#notifications): the card that offers
 * notifications at a moment they make sense (the order-placed page, My Orders; for admins, the
 * dashboard's Today tab), never on a first visit and never asked without a tap: Turn on asks the
 * browser, subscribes and tells the shop; Not now hides it in this browser for 30 days. Shows
 * the state: on (with Turn off), blocked by the browser (and how to allow it), and nothing where
 * the browser has no notifications (or while it is being asked, or after Not now).
 */
export function PushOptIn({ audience }: PushOptInProps) {
  const { t } = useTranslation();
  const headingId = useId();
  // The dashboard's Today sections are h3 under its h2; the shopper's pages have their h1 only.
  const Heading = audience === 'admin' ? 'h3' : 'h2';
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [hidden, setHidden] = useState(() => typeof window === 'undefined' || saidNotNow());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    void pushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  if (state === 'checking' || state === 'unsupported') return null;
  if (hidden && state !== 'on') return null;

  const turnOn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setState(await turnOnPush());
    } catch (problem) {
      setError(serverMessage(problem, t) ?? t('pushOptIn.failed'));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await turnOffPush();
      setState('off');
    } catch (problem) {
      setError(serverMessage(problem, t) ?? t('pushOptIn.failed'));
    } finally {
      setBusy(false);
    }
  };
  const notNow = () => {
    rememberNotNow();
    setHidden(true);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10"
      data-testid="push-opt-in"
    >
      <Heading id={headingId} className="font-semibold text-rose-950">
        {t(audience === 'admin' ? 'pushOptIn.adminTitle' : 'pushOptIn.shopperTitle')}
      </Heading>
      {state === 'on' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">{t('pushOptIn.on')}</p>
          <Button variant="secondary" onClick={() => void turnOff()} disabled={busy} className="min-h-11">
            {t('pushOptIn.turnOff')}
          </Button>
        </div>
      ) : state === 'blocked' ? (
        <>
          <p role="status">{t('pushOptIn.blocked')}</p>
          <p className="text-sm text-stone-700">{t('pushOptIn.blockedHow')}</p>
          <Button variant="secondary" onClick={notNow} className="min-h-11">
            {t('pushOptIn.notNow')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">{t(audience === 'admin' ? 'pushOptIn.adminBody' : 'pushOptIn.shopperBody')}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void turnOn()} disabled={busy} aria-busy={busy || undefined} className="min-h-11">
              {busy ? t('pushOptIn.turningOn') : t('pushOptIn.turnOn')}
            </Button>
            <Button variant="secondary" onClick={notNow} disabled={busy} className="min-h-11">
              {t('pushOptIn.notNow')}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
