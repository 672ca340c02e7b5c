import type { AdminOrder, VisitKind } from '@thaiyal/contract';
import { formatVisitDate, slotNamesItsTimes } from '@thaiyal/contract/limits';
import type { Language } from '@thaiyal/contract/pages';
import type { i18n as I18n, TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { ensureResources } from '../../../i18n';

/** A visit slot as the day's visits answer it: its name as booked, start and end (`HH:MM`). */
interface SlotTimes {
  label: string;
  start: string;
  end: string;
}

/**
 * Loads the Tamil strings on a dashboard read in English (docs/product.md#the-days-visits), so a
 * message to a customer who ordered in Tamil is written in Tamil; the component drawing it is
 * drawn again once they are there.
 */
export function useCustomerLanguages(): void {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureResources('ta').then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
}

/**
 * A visit slot in one line, in `t`'s language (docs/product.md#the-days-visits): `Morning
 * (10:00-13:00)`, or the slot's name alone when it already says its times, so no time is said twice.
 */
export function slotLine(t: TFunction, slot: SlotTimes): string {
  return slotNamesItsTimes(slot) ? slot.label : t('admin.dayVisits.slot', { label: slot.label, start: slot.start, end: slot.end });
}

/**
 * A message to an order's customer (docs/product.md#the-days-visits): in the language she ordered
 * in (`order.language`), or English then Tamil for an order placed before the shop kept it.
 * `values` gives the message's values in a language (a date or slot is written in it). Tamil
 * falls back to English while its strings are not loaded ({@link useCustomerLanguages}).
 */
export function customerMessage(
  i18n: I18n,
  language: AdminOrder['language'],
  key: string,
  values: (language: Language) => Record<string, string>,
): string {
  const say = (one: Language) => i18n.getFixedT(one)(key, values(one));
  if (language) return say(language);
  const english = say('en');
  const tamil = say('ta');
  return tamil === english ? english : `${english}\n${tamil}`;
}

/** Each kind of visit's message (docs/product.md#trial-and-delivery-visits): measuring, trial fitting, delivery, alteration pickup (docs/product.md#free-alterations). */
const VISIT_MESSAGE_KEYS: Record<VisitKind, string> = {
  measure: 'admin.dayVisits.whatsappText',
  trial: 'admin.dayVisits.whatsappTrial',
  delivery: 'admin.dayVisits.whatsappDelivery',
  alteration: 'admin.dayVisits.whatsappAlteration',
};

/**
 * The WhatsApp message of a home visit (docs/product.md#the-days-visits): the order, what the
 * visit is for (`kind`: measuring, a trial fitting or the delivery, docs/product.md#trial-and-delivery-visits;
 * measuring when absent), the day as people say it (`Sat 28 Nov` / `28 நவ., சனி`) and the slot
 * once, in the customer's language.
 */
export function visitMessage(i18n: I18n, order: AdminOrder & { kind?: VisitKind | undefined }, slot: SlotTimes, date: string): string {
  return customerMessage(i18n, order.language, VISIT_MESSAGE_KEYS[order.kind ?? 'measure'], (language) => ({
    orderId: order.orderId,
    date: formatVisitDate(date, language),
    slot: slotLine(i18n.getFixedT(language), slot),
  }));
}
