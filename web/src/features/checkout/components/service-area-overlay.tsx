import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ensureResources, type Language } from '../../../i18n';
import { AreaSorry } from './area-sorry';

/** Props of the service-area overlay. */
export interface ServiceAreaOverlayProps {
  /** Yes: the shopper is in Pollachi; the overlay goes away. */
  onConfirm: () => void;
  /** BACK on the sorry message: the page goes two history steps back (docs/product.md#address). */
  onBack: () => void;
  /** The shop's WhatsApp chat address, offered on the sorry message (docs/product.md#service-area). */
  whatsappHref?: string | undefined;
}

/**
 * The overlay in front of the address form (docs/product.md#address, docs/product.md#states-and-transitions Address overlay): it says
 * the tailoring service is only in the Pollachi area and asks whether the shopper is there,
 * in English or Tamil with its own language toggle (the rest of the app keeps its language).
 * Yes dismisses it; No turns it into the sorry message (service coming soon) with BACK (focused,
 * under the message, so the title stays on a phone's screen), then a WhatsApp chat link to the
 * shop and "tell me when you come to my area" (docs/product.md#service-area).
 */
export function ServiceAreaOverlay({ onConfirm, onBack, whatsappHref }: ServiceAreaOverlayProps) {
  const { i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(i18n.resolvedLanguage === 'ta' ? 'ta' : 'en');
  const [outside, setOutside] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const t = i18n.getFixedT(language);
  const other: Language = language === 'ta' ? 'en' : 'ta';

  const toggleLanguage = async () => {
    await ensureResources(other);
    setLanguage(other);
  };

  return (
    <ModalDialog labelledBy={headingId} describedBy={bodyId} className="text-center">
      <div lang={language} className="space-y-4">
        <div className="flex justify-end">
          <button
            type="button"
            lang={other}
            onClick={() => void toggleLanguage()}
            className="rounded-full px-3 py-1 text-sm font-semibold text-rose-900 ring-1 ring-rose-800 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
          >
            {t('checkout.serviceArea.switchLanguage')}
          </button>
        </div>
        {outside ? (
          <>
            <h2 id={headingId} className="font-serif text-2xl font-semibold text-rose-950">
              {t('checkout.serviceArea.sorryTitle')}
            </h2>
            <p id={bodyId} className="text-stone-700">
              {t('checkout.serviceArea.sorry')}
            </p>
            {/*
              BACK sits under the message, before the offers: it takes the focus as the sorry
              message opens, and a focused button at the foot of a form taller than a phone
              would scroll the dialog and cut its title off.
            */}
            <Button onClick={onBack} autoFocus>
              {t('checkout.serviceArea.back')}
            </Button>
            <AreaSorry whatsappHref={whatsappHref} language={language} />
          </>
        ) : (
          <>
            <h2 id={headingId} className="font-serif text-2xl font-semibold text-rose-950">
              {t('checkout.serviceArea.title')}
            </h2>
            <p id={bodyId} className="text-stone-700">
              {t('checkout.serviceArea.question')}
            </p>
            <div className="flex justify-center gap-3">
              <Button onClick={onConfirm} className="min-w-24" autoFocus>
                {t('checkout.serviceArea.yes')}
              </Button>
              <Button variant="secondary" onClick={() => setOutside(true)} className="min-w-24">
                {t('checkout.serviceArea.no')}
              </Button>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
