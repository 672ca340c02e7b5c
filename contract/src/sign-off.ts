import { z } from './zod.js';
import { freeText } from './text.js';

/**
 * The customer's approval before cutting (docs/product.md#sign-off-before-cutting): not asked yet,
 * asked and waiting for her answer, approved (by her on My Orders or by phone to the owner), or
 * she asked the shop to call her.
 */
export const SIGN_OFF_STATES = ['not-asked', 'pending', 'approved', 'call-requested'] as const;
export type SignOffState = (typeof SIGN_OFF_STATES)[number];

/** The most characters of the comment she may add to her answer. */
export const MAX_SIGN_OFF_COMMENT_LENGTH = 500;

/** How many steps an order's sign-off keeps (asks and answers, oldest dropped first): more than any order needs. */
export const MAX_SIGN_OFF_STEPS = 30;

/** The sign-off's messages (docs/product.md#sign-off-before-cutting); each has the reason `signOff.<key>`. */
export const SIGN_OFF_MESSAGES = {
  /** `POST /admin/orders/:orderId/sign-off` success. */
  asked: 'Approval asked: the customer has been mailed',
  /** `PUT /admin/orders/:orderId/sign-off` success. */
  recorded: 'Approval by phone recorded',
  /** `POST /orders/:orderId/sign-off` success. */
  answered: 'Thank you: the shop has your answer',
  /** 409: asking on a delivered or cancelled order. */
  orderClosed: 'This order is delivered or cancelled: there is nothing to approve.',
  /** 409: she answers when the shop has not asked (or she already answered). */
  notAsked: 'The shop has not asked for your approval on this order.',
  decisionInvalid: 'Choose Approve or Please call me',
  commentTooLong: `Keep the comment to ${MAX_SIGN_OFF_COMMENT_LENGTH} characters.`,
  /** The admin's PUT body names anything but an approval by phone. */
  phoneOnly: 'Only an approval given by phone can be recorded here',
} as const;

/**
 * One step of an order's sign-off, oldest first: the shop asked (`reason`: the owner asked, or a
 * final-price or measurement change after approval asked again), she approved or asked for a
 * call (with her comment), the owner recorded an approval by phone, or the owner set "designed"
 * without an approval (she confirmed it on her screen; the shop went ahead).
 */
export const SignOffStepSchema = z.object({
  action: z.enum(['asked', 'approved', 'call-requested', 'designed-without-approval']),
  at: z.iso.datetime(),
  /** How an answer came: on My Orders (`online`) or by phone to the owner. */
  via: z.enum(['online', 'phone']).optional(),
  /** Why the shop asked: the owner, or a change after approval. */
  reason: z.enum(['owner', 'price', 'measurements']).optional(),
  comment: z.string().optional(),
});
export type SignOffStep = z.infer<typeof SignOffStepSchema>;

/**
 * An order's sign-off (docs/product.md#sign-off-before-cutting), on every order answer: its
 * `state`; `at` when it took that state (asked, or answered); `via` and `comment` of her answer;
 * `designedWithoutApproval` once the owner set "designed" before an approval; `steps` oldest first.
 */
export const SignOffSchema = z.object({
  state: z.enum(SIGN_OFF_STATES),
  at: z.iso.datetime().optional(),
  via: z.enum(['online', 'phone']).optional(),
  comment: z.string().optional(),
  designedWithoutApproval: z.boolean().optional(),
  steps: z.array(SignOffStepSchema),
});
export type SignOff = z.infer<typeof SignOffSchema>;

/** The sign-off of an order never asked. */
export const NOT_ASKED: SignOff = { state: 'not-asked', steps: [] };

/** `POST /orders/:orderId/sign-off` body: her decision and an optional comment (at most {@link MAX_SIGN_OFF_COMMENT_LENGTH}). */
export const SignOffAnswerBodySchema = z
  .object({
    decision: z.enum(['approve', 'call-me'], { error: SIGN_OFF_MESSAGES.decisionInvalid }),
    comment: freeText({ max: MAX_SIGN_OFF_COMMENT_LENGTH, maxMessage: SIGN_OFF_MESSAGES.commentTooLong }).optional(),
  })
  .strict();
export type SignOffAnswerBody = z.infer<typeof SignOffAnswerBodySchema>;

/** `PUT /admin/orders/:orderId/sign-off` body: an approval the customer gave by phone. */
export const PhoneApprovalBodySchema = z
  .object({
    state: z.literal('approved', { error: SIGN_OFF_MESSAGES.phoneOnly }),
    via: z.literal('phone', { error: SIGN_OFF_MESSAGES.phoneOnly }),
  })
  .strict();
export type PhoneApprovalBody = z.infer<typeof PhoneApprovalBodySchema>;
