/**
 * What the shopper has typed into the address form and not saved yet (docs/product.md#address),
 * kept in this tab's sessionStorage as the checkout draft is (checkout-draft.ts): a reload
 * loses nothing; saving the address forgets it. Only the typed text fields are kept; city and
 * state are fixed by the form.
 */

/** The address form's fields a draft keeps. */
const DRAFT_FIELDS = ['name', 'phoneNumber', 'doorNumber', 'street', 'pinCode', 'landmark', 'alternatePhone'] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];

/** The typed fields, each as typed (not yet checked). */
export type AddressDraft = Partial<Record<DraftField, string>>;

/** sessionStorage key of the draft: it survives a reload, not the tab. */
const ADDRESS_DRAFT_KEY = 'thaiyal.addressDraft';

/** The draft kept in this tab: only its text fields among {@link DRAFT_FIELDS}; empty when none or unreadable. */
export function readAddressDraft(): AddressDraft {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ADDRESS_DRAFT_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return {};
    const draft: AddressDraft = {};
    for (const field of DRAFT_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

/** Keep what is typed now (`values`: the form's fields; others are ignored). */
export function saveAddressDraft(values: Partial<Record<string, unknown>>): void {
  const draft: AddressDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') draft[field] = value;
  }
  try {
    sessionStorage.setItem(ADDRESS_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode): the form still holds what is typed for this page's life.
  }
}

/** Forget the draft (the address is saved). */
export function clearAddressDraft(): void {
  try {
    sessionStorage.removeItem(ADDRESS_DRAFT_KEY);
  } catch {
    // Nothing stored.
  }
}
