import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { addEnglish, type Language } from '../../../i18n';
import areaEnglish from '../../../i18n/en-area.json';
import { serverMessage } from '../../../lib/server-message';
import { useJoinWaitlist } from '../api/service-area';

addEnglish(areaEnglish);

/** Props of the "not in our area yet" offers. */
export interface AreaSorryProps {
  /** The pin code the shopper gave, if any: filled in for her. */
  pinCode?: string | undefined;
  /** The shop's WhatsApp chat address (`https://wa.me/<number>`, from `GET /api/shop-info`); no link without it. */
  whatsappHref?: string | undefined;
  /** The language to speak, when it differs from the app's (the service-area overlay has its own toggle). */
  language?: Language | undefined;
}

/**
 * What a shopper outside the service area can still do (docs/product.md#service-area): chat with
 * the shop on WhatsApp, or leave a phone number or e-mail with her pin code to be told when the
 * tailor starts visiting there (`POST /api/service-area/waitlist`). The server's thanks replaces
 * the form; a refusal (a bad pin code or contact, a pin code served already, too many requests)
 * shows the server's message and keeps what was typed.
 */
export function AreaSorry({ pinCode = '', whatsappHref, language }: AreaSorryProps) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(language ?? i18n.resolvedLanguage ?? 'en');
  const join = useJoinWaitlist();
  const [pin, setPin] = useState(pinCode);
  const [contact, setContact] = useState('');
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({ pinCode: pin.trim(), contact: contact.trim() });
  };

  return (
    <div className="space-y-4 text-left">
      {whatsappHref && (
        <a
          href={whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-full bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {t('area.chat')} <span aria-hidden="true">↗</span>
        </a>
      )}
      <section aria-labelledby={headingId} className="space-y-3 rounded-xl bg-rose-50 p-4">
        <h3 id={headingId} className="font-semibold text-rose-950">
          {t('area.waitlistTitle')}
        </h3>
        {join.isSuccess ? (
          <p role="status" className="text-sm font-medium text-emerald-900">
            {t('serverMessages.area.waitlistSaved', { defaultValue: join.data })}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-3">
            <p className="text-sm text-stone-700">{t('area.waitlistIntro')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('address.pinCode')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                value={pin}
                onChange={(event) => setPin(event.target.value)}
              />
              <TextField
                label={t('area.contact')}
                autoComplete="email"
                maxLength={254}
                value={contact}
                onChange={(event) => setContact(event.target.value)}
              />
            </div>
            {join.isError && (
              <p role="alert" className="text-sm font-medium text-red-800">
                {serverMessage(join.error, t) ?? t('area.waitlistFailed')}
              </p>
            )}
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? t('area.sending') : t('area.notify')}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
