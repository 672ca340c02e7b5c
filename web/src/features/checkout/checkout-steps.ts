import type { MeasurementProfile, VisitBody, VisitDay } from '@thaiyal/contract';
import type { CheckoutDraft } from './checkout-draft';

/**
 * Place Order's steps in their order (docs/product.md#place-order): for whom and fabric per
 * garment, the home visit, then the review with Place Order.
 */
export const CHECKOUT_STEPS = ['garments', 'visit', 'review'] as const;

/** One of {@link CHECKOUT_STEPS}. */
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The search parameter that names the step shown (`/placeorder?step=visit`), so a reload or the phone's Back keeps her place. */
export const STEP_PARAM = 'step';

/** The step named by `?step=` (`null` or anything unknown: the first step). */
export function stepFromSearch(value: string | null): CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value ?? '') ? (value as CheckoutStep) : 'garments';
}

/** The step after `step`, or null after the last. */
export function nextStep(step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null before the first. */
export function previousStep(step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) - 1] ?? null;
}

/** Why a step cannot be left forward: an i18n key with its values, or null when it can. */
export interface StepProblem {
  key: string;
  values?: Record<string, string>;
}

/**
 * The garments step's check (docs/product.md#stitching-details): every line's chosen measurement
 * profile must still be hers (one deleted meanwhile, say on the measurements page, would be
 * refused by `POST /api/orders`). `profiles` undefined (still loading) checks nothing: the server
 * checks again. `names` gives a line's name for the message.
 */
export function garmentsProblem(
  draft: CheckoutDraft,
  productIds: readonly string[],
  profiles: readonly Pick<MeasurementProfile, '_id'>[] | undefined,
  names: (productId: string) => string,
): StepProblem | null {
  if (!profiles) return null;
  const known = new Set(profiles.map((profile) => profile._id));
  const stale = productIds.find((id) => {
    const chosen = draft.lines[id]?.profileId;
    return chosen != null && !known.has(chosen);
  });
  return stale ? { key: 'tailoring.steps.profileGone', values: { name: names(stale) } } : null;
}

/**
 * The visit step's check (docs/product.md#home-visit-slot): a chosen slot must still be open in the
 * days last loaded (it may have filled, started or closed since she chose it); "call me" always
 * passes. `days` undefined (loading or failed) checks nothing: the server checks again.
 */
export function visitProblem(visit: VisitBody | null, days: readonly VisitDay[] | undefined): StepProblem | null {
  if (!visit || !days) return null;
  const slot = days.find((day) => day.date === visit.date)?.slots.find((one) => one.id === visit.slotId);
  return slot?.status === 'open' ? null : { key: 'tailoring.steps.slotGone' };
}
