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

/** axe's results once the page's finite animations have finished ({@link finiteAnimationsDone}). */
async function analyzeAtRest(page: Page) {
  await finiteAnimationsDone(page);
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
}

/**
 * Whether a colour-contrast finding is on an element inside a finite animation still running (a
 * toast fading out as axe measured it), so it is not yet a colour the page shows at rest.
 */
async function contrastMidAnimation(page: Page, results: Awaited<ReturnType<typeof analyzeAtRest>>): Promise<boolean> {
  const selectors = results.violations
    .filter((violation) => violation.id === 'color-contrast')
    .flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
  if (selectors.length === 0) return false;
  return page.evaluate((targets) => {
    const animated = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => (animation.effect as KeyframeEffect | null)?.target)
      .filter((target): target is Element => target instanceof Element);
    return targets.some((selector) => {
      const element = document.querySelector(selector);
      // Gone already (a toast removed once faded out) counts as in motion too.
      return !element || animated.some((target) => target.contains(element));
    });
  }, selectors);
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list when any violation
 * is serious or critical (docs/product.md#accessibility). `what` names the screen in the failure message.
 * Minor and moderate findings are printed, not failed on.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  let results = await analyzeAtRest(page);
  // A toast may start leaving (fading out) while axe runs, after the wait above: its contrast is
  // then measured half faded. Such findings are measured again once that animation has ended.
  for (let again = 0; again < 3 && (await contrastMidAnimation(page, results)); again++) results = await analyzeAtRest(page);
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
