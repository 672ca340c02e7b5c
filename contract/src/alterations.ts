import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { IdSchema } from './product.js';
import { freeText } from './text.js';

/**
 * Free alterations after delivery (docs/product.md#free-alterations): for `ALTERATION_DAYS` shop
 * days after an order is delivered, its shopper may ask for one garment of it to be made right:
 * what is wrong, where, a note and up to 3 pictures. The shop picks it up (a pickup visit booked
 * as trial and delivery visits are) and marks it done. One open alteration per garment.
 */

/** What is wrong with the garment. */
export const ALTERATION_PROBLEMS = ['tight', 'loose', 'length', 'other'] as const;
export type AlterationProblem = (typeof ALTERATION_PROBLEMS)[number];

/** An alteration's steps, forward only: requested → picked-up → done. */
export const ALTERATION_STATES = ['requested', 'picked-up', 'done'] as const;
export type AlterationState = (typeof ALTERATION_STATES)[number];

/** The states of an alteration not done yet: the ones that hold the garment's one open alteration. */
export const OPEN_ALTERATION_STATES = ['requested', 'picked-up'] as const satisfies readonly AlterationState[];

/** Most characters of `where` ("left sleeve") and of the note. */
export const MAX_ALTERATION_WHERE_LENGTH = 80;
export const MAX_ALTERATION_NOTE_LENGTH = 500;

/** The window when `ALTERATION_DAYS` is not set: 7 days, as the returns page promises (docs/product.md#free-alterations). */
export const DEFAULT_ALTERATION_DAYS = 7;

/** Messages of free alterations (docs/product.md#free-alterations); each has its Tamil text in the web's `serverMessages.alteration`. */
export const ALTERATION_MESSAGES = {
  problemInvalid: 'Choose what is wrong: tight, loose, length or other',
  whereTooLong: `Where must be at most ${MAX_ALTERATION_WHERE_LENGTH} characters`,
  noteRequired: 'Tell us what to change',
  noteTooLong: `The note must be at most ${MAX_ALTERATION_NOTE_LENGTH} characters`,
  tooManyPictures: `At most ${LIMITS.maxStitchingPictures} pictures`,
  /** 400: the garment named is not on this order. */
  productNotOnOrder: 'This garment is not on the order.',
  /** 400: a picture id that is not the shopper's own unused reference picture. */
  pictureNotFound: 'A picture was not found. Please add it again.',
  /** 409 before the order is delivered. */
  notDelivered: 'You can ask for an alteration once your order is delivered.',
  /** 409 after the window. */
  windowClosed: 'The free alteration time for this order is over. Message us on WhatsApp and we will help.',
  /** 409: one alteration of the garment is not done yet. */
  alreadyOpen: 'This garment already has an alteration in progress.',
  /** 404 of `PUT /admin/alterations/:id`. */
  notFound: 'Alteration not found',
  /** 409: a step back, or the same step again. */
  badMove: 'An alteration moves forward only: requested, picked up, done.',
  statusInvalid: 'Choose picked up or done',
  /** Success texts. */
  requested: 'Alteration requested. We will call you to pick up the garment.',
  updated: 'Alteration updated',
} as const;

/** `POST /orders/:orderId/alterations` body (strict). `pictureIds` are ids from `POST /orders/reference-pictures`, the shopper's own, unused. */
export const AlterationBodySchema = z
  .object({
    productId: IdSchema,
    problem: z.enum(ALTERATION_PROBLEMS, { error: ALTERATION_MESSAGES.problemInvalid }),
    where: freeText({ max: MAX_ALTERATION_WHERE_LENGTH, maxMessage: ALTERATION_MESSAGES.whereTooLong }).default(''),
    note: freeText({
      min: 1,
      minMessage: ALTERATION_MESSAGES.noteRequired,
      typeMessage: ALTERATION_MESSAGES.noteRequired,
      max: MAX_ALTERATION_NOTE_LENGTH,
      maxMessage: ALTERATION_MESSAGES.noteTooLong,
    }),
    pictureIds: z.array(IdSchema).max(LIMITS.maxStitchingPictures, ALTERATION_MESSAGES.tooManyPictures).default([]),
  })
  .strict();
export type AlterationBody = z.infer<typeof AlterationBodySchema>;
/** The body as a client writes it: `where` and `pictureIds` may be left out. */
export type AlterationInput = z.input<typeof AlterationBodySchema>;

/**
 * One alteration as an order answers it: the garment (`productId` of the order line), what is
 * wrong, where, the note, its step, when it was asked for and when it reached each later step
 * (ISO 8601 UTC, null until then), and its pictures' URLs (`/uploads/references/…`, private).
 */
export const AlterationSchema = z.object({
  id: IdSchema,
  productId: z.string(),
  problem: z.enum(ALTERATION_PROBLEMS),
  where: z.string(),
  note: z.string(),
  status: z.enum(ALTERATION_STATES),
  requestedAt: z.iso.datetime(),
  pickedUpAt: z.iso.datetime().nullable(),
  doneAt: z.iso.datetime().nullable(),
  pictures: z.array(z.string()),
});
export type Alteration = z.infer<typeof AlterationSchema>;

/** `POST /orders/:orderId/alterations` answers 201 `{message, alteration}`. */
export const AlterationResponseSchema = z.object({ message: z.string(), alteration: AlterationSchema });
export type AlterationResponse = z.infer<typeof AlterationResponseSchema>;

/**
 * One alteration in the owner's list: the alteration, its order's number, the garment's name
 * (English and Tamil as sold), and the customer's name and phone from the order's address.
 */
export const AdminAlterationSchema = AlterationSchema.extend({
  orderId: z.string(),
  garment: z.object({ name: z.string(), nameTa: z.string(), image: z.string() }),
  customer: z.object({ name: z.string(), phone: z.string() }),
});
export type AdminAlteration = z.infer<typeof AdminAlterationSchema>;

/** `GET /admin/alterations` query: `status=open` (requested or picked up), else every alteration; oldest asked first. */
export const AdminAlterationQuerySchema = z.object({ status: z.enum(['open', 'all']).default('open') }).strict();

/** `GET /admin/alterations` answers `{alterations}` (at most 200, oldest asked first). */
export const AdminAlterationListResponseSchema = z.object({ alterations: z.array(AdminAlterationSchema) });
export type AdminAlterationListResponse = z.infer<typeof AdminAlterationListResponseSchema>;

/** `PUT /admin/alterations/:id` body: the next step. */
export const AlterationStatusBodySchema = z
  .object({ status: z.enum(['picked-up', 'done'], { error: ALTERATION_MESSAGES.statusInvalid }) })
  .strict();
export type AlterationStatusBody = z.infer<typeof AlterationStatusBodySchema>;

/** `PUT /admin/alterations/:id` answers `{message, alteration}`. */
export const AdminAlterationResponseSchema = z.object({ message: z.string(), alteration: AdminAlterationSchema });
export type AdminAlterationResponse = z.infer<typeof AdminAlterationResponseSchema>;

/** The most alterations `GET /admin/alterations` answers: open ones are few; a shop with more has a backlog to clear first. */
export const MAX_ADMIN_ALTERATIONS = 200;
