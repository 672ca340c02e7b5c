import { z } from './zod.js';

/**
 * Text as people type it, kept drawable (docs/security.md#findings-of-the-outside-probe, items 8
 * and 10).
 */

/**
 * The most combining marks (Unicode category M) kept in a row after one base character. Real
 * writing needs few: Tamil at most two (a consonant's virama or vowel sign, rarely two),
 * Vietnamese two; four leaves room for any language the shop will meet.
 */
export const MAX_COMBINING_MARKS_IN_A_ROW = 4;

const MARK_RUN = new RegExp(`(\\p{M}{${MAX_COMBINING_MARKS_IN_A_ROW}})\\p{M}+`, 'gu');

/**
 * `text` with every run of combining marks cut to {@link MAX_COMBINING_MARKS_IN_A_ROW}: "e"
 * followed by 500 U+0301 would otherwise stack accents far above and below its line, over
 * the page around it ("Zalgo" text). Used through {@link freeText} by every free-text field of
 * the contract's request schemas, so what is stored and shown is already cut.
 * @example capCombiningMarks('e' + '\u0301'.repeat(500)) === 'e' + '\u0301'.repeat(4)
 */
export function capCombiningMarks(text: string): string {
  return text.replace(MARK_RUN, '$1');
}

/** The bounds and messages of one {@link freeText} field; a message left out is zod's own. */
export interface FreeTextRules {
  /** Most characters after trimming (and after runs of marks are cut). */
  max: number;
  maxMessage?: string;
  /** Fewest characters after trimming; none when left out (blank is allowed). */
  min?: number;
  minMessage?: string;
  /** The message when the value is missing or not a string. */
  typeMessage?: string;
}

/**
 * A free-text field of a request (a name, an address line, a note, a review, a product's
 * description…): a string whose runs of combining marks are cut to
 * {@link MAX_COMBINING_MARKS_IN_A_ROW} ({@link capCombiningMarks}), then trimmed, then held to
 * `min` and `max` characters with the field's own messages. Cutting rather than refusing keeps
 * any real writing as typed (Tamil's vowel signs and virama are marks, at most 2 in a row) while
 * stacked accents can no longer draw over the page (docs/security.md#findings-of-the-outside-probe,
 * items 8 and 10; docs/product.md#limits). contract/src/text.test.ts fails on any free-text
 * field of a request schema built without it.
 * @example freeText({ min: 1, max: 80, minMessage: 'Name is required' })
 */
export function freeText(rules: FreeTextRules) {
  const text = z
    .string(rules.typeMessage === undefined ? undefined : { error: rules.typeMessage })
    .overwrite(capCombiningMarks)
    .trim();
  return (rules.min === undefined ? text : text.min(rules.min, rules.minMessage)).max(rules.max, rules.maxMessage);
}
