import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { IdSchema } from './product.js';
import { freeText } from './text.js';

/**
 * Home-visit slots (docs/product.md#home-visit-slot): the times the shop's tailor visits homes,
 * how many visits each slot takes, the days the shop is closed, and a visit booked with an
 * order. Dates are the shop's calendar (`SHOP_TIME_ZONE`, India Standard Time), as `YYYY-MM-DD`.
 */

/** Messages of the visit slots (docs/product.md#home-visit-slot). */
export const VISIT_MESSAGES = {
  dateFormat: 'Choose a visit date as YYYY-MM-DD',
  pastDate: 'This date has passed. Please choose today or a later day.',
  beyondWindow: `Home visits can be booked for the next ${LIMITS.visitDaysAhead} days only.`,
  daysRange: `Ask for 1 to ${LIMITS.visitDaysAhead} days`,
  unknownSlot: 'This visit slot is not offered any more. Please choose another.',
  dayClosed: 'We do not visit on this day. Please choose another day.',
  slotFull: 'This slot is full. Please choose another slot or day.',
  slotPast: 'This slot has already started. Please choose a later slot or another day.',
  /**
   * 409 of `POST /orders`: the account already has an open order with a visit in this slot
   * (docs/product.md#home-visit-slot, docs/security.md finding 10). One visit serves every garment of an order.
   */
  alreadyBooked:
    'You already have a home visit booked in this slot. One visit covers all your garments: put them in one order, or choose “Call me to arrange the visit” for this one and we will call you.',
  slotsRequired: 'Offer at least one visit slot',
  tooManySlots: `Offer at most ${LIMITS.maxVisitSlots} visit slots`,
  duplicateSlot: 'Each slot can be listed only once',
  timeFormat: 'Give times as HH:MM, such as 10:00 or 17:30',
  endAfterStart: 'A slot must end after it starts',
  capacityRange: `A slot takes 0 to ${LIMITS.maxVisitCapacity} visits`,
  labelTooLong: `A slot's name must be at most ${LIMITS.maxVisitLabelLength} characters`,
  weekdayInvalid: 'Closed weekdays are 0 (Sunday) to 6 (Saturday), each listed once',
  tooManyClosedDates: `List at most ${LIMITS.maxClosedDates} closed dates`,
  duplicateDate: 'Each closed date can be listed only once',
  noteTooLong: `A closed day's note must be at most ${LIMITS.maxVisitLabelLength} characters`,
} as const;

/** Whether `text` (`YYYY-MM-DD`) names a real calendar day (no 31 April, 29 February only in leap years). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date `YYYY-MM-DD` (the shop's calendar); anything else is {@link VISIT_MESSAGES.dateFormat}. */
export const IsoDateSchema = z.string({ error: VISIT_MESSAGES.dateFormat }).refine(isCalendarDate, VISIT_MESSAGES.dateFormat);

/** A time of day `HH:MM`, 00:00 to 23:59 (India Standard Time). */
export const TimeOfDaySchema = z.string({ error: VISIT_MESSAGES.timeFormat }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISIT_MESSAGES.timeFormat);

/**
 * `GET /visit-slots` query: the first day (`from`, default today) and how many days
 * (`days`, 1 to {@link LIMITS.visitDaysAhead}, default all of them). The answer never goes
 * past the last bookable day (today + 13).
 */
export const VisitSlotsQuerySchema = z
  .object({
    from: IsoDateSchema.optional(),
    days: z.coerce
      .number({ error: VISIT_MESSAGES.daysRange })
      .int(VISIT_MESSAGES.daysRange)
      .min(1, VISIT_MESSAGES.daysRange)
      .max(LIMITS.visitDaysAhead, VISIT_MESSAGES.daysRange)
      .optional(),
  })
  .strict();

/**
 * How a slot stands on a day: `open` (places left), `full`, `past` (today's slot has started)
 * or `closed` (the shop does not visit that day).
 */
export const SLOT_STATUSES = ['open', 'full', 'past', 'closed'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/**
 * One slot on one day: its id, name (`label`), times (`start`, `end`, `HH:MM` India Standard
 * Time), `capacity` (visits it takes), `booked` (orders holding a place), `available`
 * (places left that can be booked now: 0 unless `status` is `open`).
 */
export const DaySlotSchema = z.object({
  id: IdSchema,
  label: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  available: z.number().int(),
  status: z.enum(SLOT_STATUSES),
});
export type DaySlot = z.infer<typeof DaySlotSchema>;

/**
 * One day of `GET /visit-slots`: the date, its weekday (0 Sunday to 6 Saturday), whether the
 * shop is closed (`closedNote` the admin's reason for a closed date, such as a festival, or
 * ''), and its slots in the order of their start.
 */
export const VisitDaySchema = z.object({
  date: z.string(),
  weekday: z.number().int(),
  closed: z.boolean(),
  closedNote: z.string(),
  slots: z.array(DaySlotSchema),
});
export type VisitDay = z.infer<typeof VisitDaySchema>;

/** `GET /visit-slots` answer: the shop's today and the days asked for. */
export const VisitDaysResponseSchema = z.object({ today: z.string(), days: z.array(VisitDaySchema) });
export type VisitDaysResponse = z.infer<typeof VisitDaysResponseSchema>;

/**
 * The visit asked for with `POST /orders`: a date from today to today + 13 and one of the
 * shop's slots. Without it, the shop calls to arrange the visit.
 */
export const VisitBodySchema = z.object({ date: IsoDateSchema, slotId: IdSchema }).strict();
export type VisitBody = z.infer<typeof VisitBodySchema>;

/** An order's visit: its date, slot and the slot's name when the order was placed. */
export const OrderVisitSchema = z.object({ date: z.string(), slotId: z.string(), label: z.string() });
export type OrderVisit = z.infer<typeof OrderVisitSchema>;

/** A slot as the admin sets it; `label` defaults to `start-end`, e.g. `10:00-13:00`. */
export const VisitSlotSettingSchema = z.object({
  id: IdSchema,
  label: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
});

/**
 * `GET` and `PUT /admin/visit-slots` answer: the slots offered (by start), the weekdays the shop
 * never visits (0 Sunday to 6 Saturday), and the dates it is closed (from today on, by date)
 * with their notes.
 */
export const VisitSettingsSchema = z.object({
  slots: z.array(VisitSlotSettingSchema),
  closedWeekdays: z.array(z.number().int()),
  closedDates: z.array(z.object({ date: z.string(), note: z.string() })),
});
export type VisitSettings = z.infer<typeof VisitSettingsSchema>;

/**
 * `PUT /admin/visit-slots` body: the whole setting, which replaces the old one. A slot with an
 * `id` changes that slot (its booked visits stay, even above a lowered capacity); one without
 * is new; a slot left out is no longer offered (orders that booked it keep their visit).
 */
export const VisitSettingsBodySchema = z
  .object({
    slots: z
      .array(
        z
          .object({
            id: IdSchema.optional(),
            label: freeText({
              typeMessage: VISIT_MESSAGES.labelTooLong,
              max: LIMITS.maxVisitLabelLength,
              maxMessage: VISIT_MESSAGES.labelTooLong,
            }).optional(),
            start: TimeOfDaySchema,
            end: TimeOfDaySchema,
            capacity: z
              .number({ error: VISIT_MESSAGES.capacityRange })
              .int(VISIT_MESSAGES.capacityRange)
              .min(0, VISIT_MESSAGES.capacityRange)
              .max(LIMITS.maxVisitCapacity, VISIT_MESSAGES.capacityRange),
          })
          .strict()
          .refine((slot) => slot.start < slot.end, { message: VISIT_MESSAGES.endAfterStart, path: ['end'] }),
      )
      .min(1, VISIT_MESSAGES.slotsRequired)
      .max(LIMITS.maxVisitSlots, VISIT_MESSAGES.tooManySlots)
      .refine((slots) => {
        const ids = slots.flatMap((slot) => (slot.id ? [slot.id] : []));
        return new Set(ids).size === ids.length;
      }, VISIT_MESSAGES.duplicateSlot),
    closedWeekdays: z
      .array(
        z
          .number({ error: VISIT_MESSAGES.weekdayInvalid })
          .int(VISIT_MESSAGES.weekdayInvalid)
          .min(0, VISIT_MESSAGES.weekdayInvalid)
          .max(6, VISIT_MESSAGES.weekdayInvalid),
        {
          error: VISIT_MESSAGES.weekdayInvalid,
        },
      )
      .max(7, VISIT_MESSAGES.weekdayInvalid)
      .refine((days) => new Set(days).size === days.length, VISIT_MESSAGES.weekdayInvalid),
    closedDates: z
      .array(
        z
          .object({
            date: IsoDateSchema,
            note: freeText({
              typeMessage: VISIT_MESSAGES.noteTooLong,
              max: LIMITS.maxVisitLabelLength,
              maxMessage: VISIT_MESSAGES.noteTooLong,
            }).default(''),
          })
          .strict(),
      )
      .max(LIMITS.maxClosedDates, VISIT_MESSAGES.tooManyClosedDates)
      .refine((dates) => new Set(dates.map((entry) => entry.date)).size === dates.length, VISIT_MESSAGES.duplicateDate),
  })
  .strict();
export type VisitSettingsBody = z.input<typeof VisitSettingsBodySchema>;
