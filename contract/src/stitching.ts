import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { IdSchema } from './product.js';
import { freeText } from './text.js';

/**
 * Stitching details of an order line (docs/product.md#stitching-details): for whom (a measurement
 * profile, or measured at the home visit), whose fabric, lining, notes and reference pictures.
 */

/** Whose fabric: the shopper's own, given at the visit, or the shop's (only where the product offers it). */
export const FABRICS = ['own', 'shop'] as const;
export type Fabric = (typeof FABRICS)[number];

/** Messages of the stitching details and reference pictures (docs/product.md#stitching-details). */
export const STITCHING_MESSAGES = {
  notesTooLong: `Notes must be at most ${LIMITS.maxStitchingNotesLength} characters`,
  tooManyPictures: `At most ${LIMITS.maxStitchingPictures} reference pictures for one item`,
  shopFabricNotOffered: 'The shop does not provide the fabric for this product. Choose “I will give my fabric”.',
  profileNotFound: 'Measurement profile not found. Choose another profile or “Measure at the home visit”.',
  pictureNotFound: 'A reference picture was not found. Please add it again.',
  pictureTwice: 'The same reference picture can be used only once.',
  pictureFileRequired: 'Choose a picture to upload',
  tooManyUnusedPictures: 'You have many reference pictures waiting for an order. Place your order first, then add more.',
  tooManyUploads: 'Too many pictures uploaded. Please try again in an hour.',
} as const;

/**
 * One line's stitching details in `POST /orders` (docs/product.md#stitching-details). Every field
 * may be left out: `profileId` null (measure at the home visit), `fabric` 'own', `lining` false,
 * `notes` '' (trimmed, at most {@link LIMITS.maxStitchingNotesLength} characters), `pictures` []
 * (at most {@link LIMITS.maxStitchingPictures} ids from `POST /orders/reference-pictures`, each the
 * shopper's own and not used by another order line).
 */
export const StitchingBodySchema = z
  .object({
    profileId: IdSchema.nullable().default(null),
    fabric: z.enum(FABRICS).default('own'),
    lining: z.boolean().default(false),
    notes: freeText({ max: LIMITS.maxStitchingNotesLength, maxMessage: STITCHING_MESSAGES.notesTooLong }).default(''),
    pictures: z.array(IdSchema).max(LIMITS.maxStitchingPictures, STITCHING_MESSAGES.tooManyPictures).default([]),
  })
  .strict();
export type StitchingBody = z.input<typeof StitchingBodySchema>;

/** The measurement profile as copied onto the order line when it was placed: name and measurements in mm. */
export const ProfileSnapshotSchema = z.object({ name: z.string(), measurements: z.record(z.string(), z.number().int()) });
export type ProfileSnapshot = z.infer<typeof ProfileSnapshotSchema>;

/**
 * An order line's stitching details as answered (docs/architecture.md#http-api): `profile` is the
 * snapshot taken when the order was placed (null: measured at the home visit), `pictures` the
 * reference pictures' URLs (`/uploads/references/{id}-640.webp`).
 */
export const OrderStitchingSchema = z.object({
  profile: ProfileSnapshotSchema.nullable(),
  fabric: z.enum(FABRICS),
  lining: z.boolean(),
  notes: z.string(),
  pictures: z.array(z.string()),
});
export type OrderStitching = z.infer<typeof OrderStitchingSchema>;

/** The details of a line ordered without any: measured at the visit, own fabric, no lining, no notes. */
export const DEFAULT_STITCHING: OrderStitching = { profile: null, fabric: 'own', lining: false, notes: '', pictures: [] };

/** `POST /orders/reference-pictures` answers 201 `{picture: {id, url}}`: the id goes into a line's `stitching.pictures`. */
export const ReferencePictureResponseSchema = z.object({ picture: z.object({ id: IdSchema, url: z.string() }) });
export type ReferencePictureResponse = z.infer<typeof ReferencePictureResponseSchema>;
