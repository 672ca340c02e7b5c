import { useSyncExternalStore } from 'react';
import type { Fabric, StitchingBody, VisitBody } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';

/** A reference picture uploaded for a line: its id for the order and its URL for the preview. */
export interface DraftPicture {
  id: string;
  url: string;
}

/** One cart line's stitching details as the shopper is choosing them (docs/product.md#stitching-details). */
export interface LineDraft {
  /** A measurement profile's id, or null: measure at the home visit (the default). */
  profileId: string | null;
  /**
   * Whose fabric, or null while she has not chosen: then the product decides ({@link lineFabric}),
   * so a price that pays for the shop's fabric gets it (docs/product.md#stitching-details).
   */
  fabric: Fabric | null;
  lining: boolean;
  notes: string;
  pictures: DraftPicture[];
}

/**
 * What the shopper chose at checkout beyond the lines (docs/product.md#place-order): each line's
 * stitching details by product id, and the home visit (null: "call me to arrange the visit").
 */
export interface CheckoutDraft {
  lines: Record<string, LineDraft>;
  visit: VisitBody | null;
  /** Her function date, `YYYY-MM-DD` (docs/product.md#dates-a-tailor-promises), or null: none given. */
  neededBy?: string | null;
}

/** sessionStorage key of the draft: like the temporary order, it survives a reload or a failed request, not the tab. */
export const CHECKOUT_DRAFT_KEY = 'thaiyal.checkoutDraft';

/** A line's details before the shopper changes anything. */
const DEFAULT_LINE: LineDraft = { profileId: null, fabric: null, lining: false, notes: '', pictures: [] };

const EMPTY: CheckoutDraft = { lines: {}, visit: null };

function isLine(value: unknown): value is LineDraft {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    (line.profileId === null || typeof line.profileId === 'string') &&
    (line.fabric === null || line.fabric === 'own' || line.fabric === 'shop') &&
    typeof line.lining === 'boolean' &&
    typeof line.notes === 'string' &&
    Array.isArray(line.pictures) &&
    line.pictures.every((p: unknown) => !!p && typeof (p as DraftPicture).id === 'string' && typeof (p as DraftPicture).url === 'string')
  );
}

function read(): CheckoutDraft {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_DRAFT_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as { lines?: unknown; visit?: unknown; neededBy?: unknown };
    const lines: Record<string, LineDraft> = {};
    if (parsed.lines && typeof parsed.lines === 'object') {
      for (const [id, line] of Object.entries(parsed.lines)) if (isLine(line)) lines[id] = line;
    }
    const visit = parsed.visit as VisitBody | null | undefined;
    const validVisit = visit && typeof visit.date === 'string' && typeof visit.slotId === 'string' ? visit : null;
    const neededBy = typeof parsed.neededBy === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(parsed.neededBy) ? parsed.neededBy : null;
    return { lines, visit: validVisit, neededBy };
  } catch {
    return EMPTY;
  }
}

let current: CheckoutDraft | null = null;
const listeners = new Set<() => void>();

function snapshot(): CheckoutDraft {
  current ??= read();
  return current;
}

function publish(next: CheckoutDraft): void {
  current = next;
  try {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the draft still holds in memory for this page's life.
  }
  for (const listener of listeners) listener();
}

/** A line's details: what the shopper chose, or the defaults. */
export function lineDraft(draft: CheckoutDraft, productId: string): LineDraft {
  return draft.lines[productId] ?? DEFAULT_LINE;
}

/** Change some of a line's details (kept in sessionStorage at once). */
export function updateLine(productId: string, change: Partial<LineDraft>): void {
  const draft = snapshot();
  publish({ ...draft, lines: { ...draft.lines, [productId]: { ...lineDraft(draft, productId), ...change } } });
}

/** Choose the home visit, or null for "call me to arrange the visit". */
export function setVisit(visit: VisitBody | null): void {
  publish({ ...snapshot(), visit });
}

/** Set her function date (`YYYY-MM-DD`), or null for none (docs/product.md#dates-a-tailor-promises). */
export function setNeededBy(neededBy: string | null): void {
  publish({ ...snapshot(), neededBy });
}

/**
 * Add an uploaded reference picture to a line (docs/product.md#stitching-details), to the line as
 * it is now: a picture removed while another was uploading stays removed.
 */
export function addLinePicture(productId: string, picture: DraftPicture): void {
  const line = lineDraft(snapshot(), productId);
  if (line.pictures.length < LIMITS.maxStitchingPictures) updateLine(productId, { pictures: [...line.pictures, picture] });
}

/** How many reference pictures are uploading now (in memory only: a reload ends an upload). */
let uploads = 0;
const uploadListeners = new Set<() => void>();

/**
 * Count a reference picture's upload until the returned `done` is called (docs/product.md#place-order):
 * while any is uploading, the garments step does not move on, so no order is placed without it.
 */
export function startPictureUpload(): () => void {
  uploads += 1;
  for (const listener of uploadListeners) listener();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    uploads -= 1;
    for (const listener of uploadListeners) listener();
  };
}

/** The number of reference pictures uploading, re-rendering when it changes. */
export function usePicturesUploading(): number {
  return useSyncExternalStore(
    (listener) => {
      uploadListeners.add(listener);
      return () => uploadListeners.delete(listener);
    },
    () => uploads,
    () => 0,
  );
}

/** Forget the draft (after the order is placed). */
export function clearCheckoutDraft(): void {
  current = EMPTY;
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}

/**
 * Whose fabric a line is made with (docs/product.md#stitching-details): the shop's only where the
 * product offers it (its price includes the fabric); there, the shop's unless she chose her own,
 * since the price pays for it. A product that stopped offering it falls back to her own.
 */
export function lineFabric(line: LineDraft, offersShopFabric: boolean): Fabric {
  if (!offersShopFabric) return 'own';
  return line.fabric ?? 'shop';
}

/**
 * A line's details as `POST /api/orders` takes them (docs/product.md#stitching-details), the
 * fabric as {@link lineFabric} resolves it for a product that does (or does not) offer the shop's.
 */
export function stitchingBody(line: LineDraft, offersShopFabric: boolean): Required<StitchingBody> {
  return {
    profileId: line.profileId,
    fabric: lineFabric(line, offersShopFabric),
    lining: line.lining,
    notes: line.notes.slice(0, LIMITS.maxStitchingNotesLength),
    pictures: line.pictures.slice(0, LIMITS.maxStitchingPictures).map((picture) => picture.id),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The checkout draft, re-rendering when it changes. */
export function useCheckoutDraft(): CheckoutDraft {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** Test hook: forget the in-memory copy so the next read comes from sessionStorage. */
export function resetCheckoutDraftForTests(): void {
  current = null;
}
