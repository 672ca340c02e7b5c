import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { expect, test } from '@playwright/test';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.js';

/**
 * Lighthouse on the running shop (docs/decisions/013-first-load.md,
 * docs/decisions/018-react-rendered-on-the-server.md): home, a category page and a product page,
 * in English and in Tamil (the language cookie), each with Lighthouse's default settings (mobile
 * form factor, simulated throttling: a mid-range phone on a slow 4G line), performance and
 * accessibility only. Besides the scores, each page's largest contentful paint must be an
 * element of the server's HTML (not one drawn by script) and its layout shift at most
 * {@link MAX_CLS}.
 *
 * Simulated throttling scales the CPU time measured on this machine, so a busy or slow machine
 * scores lower. Each page is measured {@link RUNS} times and its median score must meet the
 * thresholds: one noisy run neither fails nor passes the check. The scores and main metrics
 * are printed as a table and written to `e2e/test-results/lighthouse.json`.
 *
 * The project runs after every other one (playwright.config.ts): Lighthouse measures time on
 * the main thread, so nothing else may run beside it. Playwright's own `test`, not
 * support/test.ts's: Lighthouse drives its own Chromium, so no Playwright page is opened.
 */

/**
 * The floor CI holds Lighthouse performance to on home, a category and a product, in both
 * languages. The shop's target is 95 (docs/performance.md#web-the-first-load-on-a-cheap-phone);
 * React 19 with the whole page hydrated scores 78 to 97 on this two-core machine (home in
 * Tamil lowest: the cost is evaluating and hydrating the entry script under 4x CPU
 * throttling), and React was chosen over the budget. The floor catches a real regression (a
 * page no longer drawn on the server, its picture drawn by script, a much larger entry) without
 * failing on the gap docs/performance.md records and says how to close.
 */
export const MIN_PERFORMANCE_SCORE = 0.65;

/** docs/performance.md: Lighthouse accessibility 100 on the same pages. */
export const MIN_ACCESSIBILITY_SCORE = 1;

/** docs/performance.md: cumulative layout shift at most 0.05 (the median run's). */
export const MAX_CLS = 0.05;

/** The shop's languages, and the cookie that asks the server for each (contract LANGUAGE_COOKIE). */
const LANGUAGES = [
  { language: 'en', cookie: undefined },
  { language: 'ta', cookie: 'lang=ta' },
] as const;

/** Runs per page; the median decides. Odd, so the median is one run's score. */
export const RUNS = 3;

/** A demo category (server/src/demo/catalog-data.ts) the shopper and admin journeys leave as it is. */
const CATEGORY = 'saree-blouse';

/** Attempts of one run when Lighthouse reports a broken trace (NO_NAVSTART, NO_FCP on a busy machine). */
const ATTEMPTS_PER_RUN = 3;

const RESULTS_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'lighthouse.json');

/** The element Lighthouse found to be the largest contentful paint, as its audit describes it. */
interface LcpElement {
  /** The element's opening tag as the browser holds it, e.g. `<img src="…" …>`. */
  snippet: string;
  /** Its text, or an image's alt text. */
  nodeLabel: string;
  selector: string;
}

/** What one page scored: the median run's scores and metrics. */
interface PageScore {
  page: string;
  language: string;
  url: string;
  /** 0–1, the median of the runs. */
  performance: number;
  accessibility: number;
  /** Every run's scores, in order. */
  runs: Array<{ performance: number; accessibility: number }>;
  /** Metrics of the run whose performance score is the median, in milliseconds (CLS unitless). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of JavaScript the page transferred. */
  scriptTransferBytes: number;
  /** Lighthouse's CPU benchmark of this machine during the median run (higher is faster). */
  benchmarkIndex: number;
  /** Accessibility audits that failed in the median run. */
  failedAccessibilityAudits: string[];
  /** The median run's largest contentful paint element, if Lighthouse named one. */
  lcpElement: LcpElement | undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function scriptBytes(lhr: Result): number {
  const items = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)
    ?.items;
  return items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
}

/** The first DOM node an audit's details describe (Lighthouse nests them in lists and tables). */
function firstNode(details: unknown): LcpElement | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const value = details as Record<string, unknown>;
  if (value.type === 'node' && typeof value.snippet === 'string') {
    return { snippet: value.snippet, nodeLabel: String(value.nodeLabel ?? ''), selector: String(value.selector ?? '') };
  }
  for (const child of Object.values(value)) {
    const found = Array.isArray(child) ? child.map(firstNode).find(Boolean) : firstNode(child);
    if (found) return found;
  }
  return undefined;
}

/** Text as React writes it into HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/**
 * Whether the largest contentful paint element is in the app markup the server sent (inside
 * `<div id="root">`): a picture by the file it shows (Lighthouse gives the one the browser
 * picked from the srcset, as an absolute URL), anything else by its text.
 */
function inServerHtml(element: LcpElement, html: string): boolean {
  const root = html.slice(html.indexOf('<div id="root">'));
  const src = /\ssrc="([^"]+)"/.exec(element.snippet)?.[1];
  if (src) return /^<img\b/.test(element.snippet) && root.includes(new URL(src, 'http://localhost').pathname);
  return element.nodeLabel !== '' && root.includes(escapeText(element.nodeLabel.replace(/…$/, '')));
}

/** One Lighthouse run of `url` in a fresh Chromium; retried when the trace is broken. */
async function runLighthouse(url: string, cookie: string | undefined): Promise<Result> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      const flags: Flags = {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      };
      const result = await lighthouse(url, flags);
      const lhr = result?.lhr;
      if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null && lhr.categories.accessibility?.score != null) {
        return lhr;
      }
      lastError = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no scores';
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS_PER_RUN} attempts: ${lastError}`);
}

async function measure(page: string, language: string, cookie: string | undefined, url: string): Promise<PageScore> {
  const results: Result[] = [];
  for (let run = 0; run < RUNS; run++) results.push(await runLighthouse(url, cookie));
  const performance = median(results.map((lhr) => lhr.categories.performance!.score!));
  const accessibility = median(results.map((lhr) => lhr.categories.accessibility!.score!));
  const middle = results.find((lhr) => lhr.categories.performance!.score === performance)!;
  return {
    page,
    language,
    url,
    performance,
    accessibility,
    runs: results.map((lhr) => ({ performance: lhr.categories.performance!.score!, accessibility: lhr.categories.accessibility!.score! })),
    fcpMs: numeric(middle, 'first-contentful-paint'),
    lcpMs: numeric(middle, 'largest-contentful-paint'),
    tbtMs: numeric(middle, 'total-blocking-time'),
    cls: numeric(middle, 'cumulative-layout-shift'),
    speedIndexMs: numeric(middle, 'speed-index'),
    scriptTransferBytes: scriptBytes(middle),
    benchmarkIndex: middle.environment.benchmarkIndex,
    failedAccessibilityAudits: middle.categories
      .accessibility!.auditRefs.filter((ref) => ref.weight > 0 && middle.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    lcpElement: firstNode(middle.audits['largest-contentful-paint-element']?.details),
  };
}

function table(scores: PageScore[]): string {
  const header = ['page', 'lang', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'JS', 'runs (perf/a11y)', 'bench', 'LCP element'];
  const rows = scores.map((score) => [
    score.page,
    score.language,
    String(Math.round(score.performance * 100)),
    String(Math.round(score.accessibility * 100)),
    `${(score.fcpMs / 1000).toFixed(1)} s`,
    `${(score.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(score.tbtMs)} ms`,
    score.cls.toFixed(3),
    `${(score.speedIndexMs / 1000).toFixed(1)} s`,
    `${(score.scriptTransferBytes / 1024).toFixed(1)} KiB`,
    score.runs.map((run) => `${Math.round(run.performance * 100)}/${Math.round(run.accessibility * 100)}`).join(' '),
    String(Math.round(score.benchmarkIndex)),
    (score.lcpElement?.snippet ?? '?').slice(0, 60),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

test('Lighthouse: performance above its floor and accessibility 100 on home, a category and a product, in English and Tamil', async ({
  request,
  baseURL,
}) => {
  // Six pages, three runs each, about 10 s a run on two cores.
  test.setTimeout(600_000);
  const response = await request.get(`/api/product/category/${CATEGORY}`);
  expect(response.ok(), `GET /api/product/category/${CATEGORY}`).toBe(true);
  const { products } = (await response.json()) as { products: Array<{ _id: string; category: string }> };
  const product = products[0];
  if (!product) throw new Error(`the demo category ${CATEGORY} has no products`);

  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['category', `/category/${CATEGORY}`],
    ['product', `/view/${encodeURIComponent(product._id)}/${encodeURIComponent(product.category)}`],
  ];
  const scores: PageScore[] = [];
  const serverHtml = new Map<PageScore, string>();
  for (const { language, cookie } of LANGUAGES) {
    for (const [page, path] of pages) {
      const score = await measure(page, language, cookie, new URL(path, baseURL).toString());
      scores.push(score);
      serverHtml.set(score, await (await request.get(path, { headers: cookie ? { cookie } : {} })).text());
    }
  }

  console.log(`Lighthouse, mobile, median of ${RUNS} runs:\n${table(scores)}`);
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ lighthouse: '12', settings: 'mobile, simulated throttling', runsPerPage: RUNS, date: new Date().toISOString(), pages: scores }, null, 2)}\n`,
  );
  await test.info().attach('lighthouse.json', { path: RESULTS_FILE, contentType: 'application/json' });

  for (const score of scores) {
    const name = `${score.page} in ${score.language} (${score.url})`;
    expect.soft(score.performance, `${name} performance, median of ${RUNS}`).toBeGreaterThanOrEqual(MIN_PERFORMANCE_SCORE);
    expect
      .soft(score.accessibility, `${name} accessibility, failed: ${score.failedAccessibilityAudits.join(', ') || 'none'}`)
      .toBeGreaterThanOrEqual(MIN_ACCESSIBILITY_SCORE);
    expect.soft(score.cls, `${name} cumulative layout shift`).toBeLessThanOrEqual(MAX_CLS);
    expect.soft(score.lcpElement, `${name} names its largest contentful paint element`).toBeDefined();
    if (score.lcpElement) {
      expect
        .soft(
          inServerHtml(score.lcpElement, serverHtml.get(score)!),
          `${name}: the LCP element ${score.lcpElement.snippet} is in the server's HTML`,
        )
        .toBe(true);
    }
  }
});
