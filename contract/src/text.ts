/**
 * Text as people type it, kept drawable (docs/security.md#findings-of-the-outside-probe, item 8).
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
 * the page around it ("Zalgo" text). Used by the contract's schemas of shopper-written text
 * (`z.string().overwrite(capCombiningMarks)`), so what is stored and shown is already cut.
 * @example capCombiningMarks('e' + '\u0301'.repeat(500)) === 'e' + '\u0301'.repeat(4)
 */
export function capCombiningMarks(text: string): string {
  return text.replace(MARK_RUN, '$1');
}
