import { pageUrl, type Alteration, type AlterationProblem, type AlterationState } from '@thaiyal/contract';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';

/** What is wrong, as the mails say it (docs/product.md#free-alterations). */
const PROBLEM_WORDS: Record<AlterationProblem, { en: string; ta: string }> = {
  tight: { en: 'too tight', ta: 'மிகவும் இறுக்கம்' },
  loose: { en: 'too loose', ta: 'மிகவும் தளர்வு' },
  length: { en: 'length to change', ta: 'நீளம் மாற்ற வேண்டும்' },
  other: { en: 'something else', ta: 'வேறு ஏதோ' },
};

/** Each later step as her mail says it. */
const STEP_WORDS: Record<Exclude<AlterationState, 'requested'>, { en: string; ta: string }> = {
  'picked-up': {
    en: 'We have picked up your garment for its alteration.',
    ta: 'மாற்றத்திற்காக உங்கள் ஆடையை எடுத்துச் சென்றோம்.',
  },
  done: { en: 'Your alteration is done.', ta: 'உங்கள் ஆடை மாற்றம் முடிந்தது.' },
};

/** A garment of an order as a mail names it. */
export interface AlterationGarment {
  orderNumber: string;
  name: string;
  nameTa: string | null;
  image: string;
}

/** `problem` and `where` in one phrase: `too tight (left sleeve)`. */
function what(alteration: Pick<Alteration, 'problem' | 'where'>, lang: 'en' | 'ta'): string {
  const words = PROBLEM_WORDS[alteration.problem][lang];
  return alteration.where ? `${words} (${alteration.where})` : words;
}

/**
 * The shop's mail of a new alteration (docs/product.md#free-alterations), English and Tamil as every
 * mail: who asked (her name and phones from the order), the order and garment, what is wrong,
 * where, her note and how many pictures, with a link to the dashboard.
 */
export function alterationRequestedMail(
  garment: AlterationGarment,
  customer: { id: string; name: string; phones: string },
  alteration: Alteration,
  publicUrl: string,
): OutgoingMail {
  const pictures = alteration.pictures.length;
  const mail = bilingualMail(
    {
      en: `Order ${garment.orderNumber}: alteration asked for`,
      ta: `ஆர்டர் ${garment.orderNumber}: ஆடை மாற்றம் கோரிக்கை`,
    },
    {
      en: [
        `${customer.name} (${customer.phones}) asks for a free alteration of ${garment.name} (order ${garment.orderNumber}): ${what(alteration, 'en')}.`,
        `Note: ${alteration.note}`,
        `Pictures: ${pictures}`,
      ],
      ta: [
        `${customer.name} (${customer.phones}) ஆர்டர் ${garment.orderNumber}-இன் ${garment.nameTa || garment.name} ஆடைக்கு இலவச மாற்றம் கேட்கிறார்: ${what(alteration, 'ta')}.`,
        `குறிப்பு: ${alteration.note}`,
        `படங்கள்: ${pictures}`,
      ],
    },
    { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
  );
  return { kind: 'alteration-requested', to: 'shop', userId: customer.id, ...mail };
}

/**
 * Her mail of an alteration's next step (docs/product.md#free-alterations), English and Tamil: the
 * garment, the step (picked up, or done) and a link to her orders.
 */
export function alterationStepMail(
  garment: AlterationGarment,
  customer: { id: string; email: string; name: string },
  status: Exclude<AlterationState, 'requested'>,
  publicUrl: string,
): OutgoingMail {
  const step = STEP_WORDS[status];
  const mail = bilingualMail(
    {
      en: `Order ${garment.orderNumber}: alteration ${status === 'done' ? 'done' : 'picked up'}`,
      ta: `ஆர்டர் ${garment.orderNumber}: ஆடை மாற்றம் ${status === 'done' ? 'முடிந்தது' : 'எடுத்துச் செல்லப்பட்டது'}`,
    },
    {
      en: [`Hello ${customer.name},`, `${step.en} (${garment.name}, order ${garment.orderNumber})`],
      ta: [`வணக்கம் ${customer.name},`, `${step.ta} (${garment.nameTa || garment.name}, ஆர்டர் ${garment.orderNumber})`],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    garment.image ? [{ url: garment.image, alt: garment.name }] : [],
  );
  return { kind: 'alteration-step', to: [customer.email], userId: customer.id, ...mail };
}
