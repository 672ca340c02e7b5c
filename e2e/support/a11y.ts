import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The WCAG rule sets axe checks (docs/product.md#accessibility: colour contrast, labels, names, ARIA). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits (at most 3 s) until every finite animation on the page has finished, so axe measures
 * colours as they end up, not half faded in (a toast sliding in has a lighter text for a few
 * frames). Endless ones (the tracker's pulse, a spinner) are not waited for.
 */
async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list when any violation
 * is serious or critical (docs/product.md#accessibility). `what` names the screen in the failure message.
 * Minor and moderate findings are printed, not failed on.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await finiteAnimationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const describe = (violation: (typeof results.violations)[number]) =>
    `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, ' ')}]` : ''}`)
      .join('; ')}`;
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const minor = results.violations.filter((violation) => !serious.includes(violation));
  if (minor.length > 0) console.log(`axe on ${what}, not failing: ${minor.map(describe).join('\n')}`);
  expect(serious.map(describe), `serious or critical axe violations on ${what}`).toEqual([]);
}

/**
 * The focused element shows a visible focus indicator: an outline of some width, or a ring
 * (box-shadow), as the shop's `focus-visible:` styles draw (WCAG 2.4.7).
 */
export async function expectVisibleFocus(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
  const style = await locator.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { outlineStyle: computed.outlineStyle, outlineWidth: computed.outlineWidth, boxShadow: computed.boxShadow };
  });
  const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
  const ringed = style.boxShadow !== 'none' && style.boxShadow !== '';
  expect(outlined || ringed, `visible focus on ${await locator.evaluate((element) => element.outerHTML.slice(0, 120))}`).toBe(true);
}
