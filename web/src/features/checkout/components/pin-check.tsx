import type { ServiceAreaCheck } from '@thaiyal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { addEnglish } from '../../../i18n';
import areaEnglish from '../../../i18n/en-area.json';
import { serverMessage } from '../../../lib/server-message';
import { useCheckPinCode } from '../api/service-area';
import { AreaSorry } from './area-sorry';

addEnglish(areaEnglish);

/** The area's name in the page's language: the Tamil one when there is one. */
function areaName(answer: ServiceAreaCheck, language: string | undefined): string {
  return (language === 'ta' && answer.areaTa) || answer.area || answer.pinCode;
}

/**
 * The product page's "Do we visit your area?" check (docs/product.md#service-area): 6 digits →
 * `GET /api/service-area/:pinCode` → "Yes, we visit <area>" or the sorry message with the
 * WhatsApp link and "tell me when you come to my area". Anything but 6 digits gets the address
 * form's pin-code message without a request. Loaded on demand: the product page is in the first
 * load, this is not (docs/performance.md).
 */
export default function PinCheck({ whatsappHref }: { whatsappHref?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const check = useCheckPinCode();
  const [pin, setPin] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = pin.trim();
    if (!/^\d{6}$/.test(typed)) {
      check.reset();
      setFormatError(t('serverMessages.address.pinCode'));
      return;
    }
    setFormatError(undefined);
    check.mutate(typed);
  };

  const answer = check.data;
  return (
    <div className="space-y-3">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('area.pinCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          autoFocus
          value={pin}
          error={formatError}
          onChange={(event) => setPin(event.target.value)}
          className="w-44"
        />
        <Button type="submit" disabled={check.isPending} className="mb-px">
          {check.isPending ? t('area.checking') : t('area.check')}
        </Button>
      </form>
      <div aria-live="polite">
        {check.isError && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {serverMessage(check.error, t) ?? t('area.checkFailed')}
          </p>
        )}
        {answer?.served && (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            {t('area.yes', { area: areaName(answer, i18n.resolvedLanguage), pinCode: answer.pinCode })}
          </p>
        )}
        {answer && !answer.served && (
          <div className="space-y-3">
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
              {t('area.no', { pinCode: answer.pinCode })}
            </p>
            <AreaSorry key={answer.pinCode} pinCode={answer.pinCode} whatsappHref={whatsappHref} />
          </div>
        )}
      </div>
    </div>
  );
}
