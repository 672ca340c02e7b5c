/**
 * The server's page data for the web's hydration test (web/src/app/hydration.test.tsx): the
 * answers the server puts into each page (pages `pageData`, docs/architecture.md#rendering),
 * computed by the server's own code in Node, as the server runs it, so the test hydrates what the
 * server sends. A separate process because the web's tests run in jsdom and its type check does
 * not take the server's program (its Fastify plugins' types are the server's to check).
 *
 * Reads on standard input `{products, banners, shop, trust, search, urls}` (contract `Product[]`,
 * `Banner[]`, `ShopInfo`, home's `ShopTrust` as the database would give it, the products a
 * search finds, page addresses) and writes on standard
 * output `{[url]: {[apiPath]: answer}}`, each answer parsed.
 * Run: `tsx --conditions=development server/test/page-data-cli.ts < input.json`.
 */
import { matchPage, readListQuery, type Banner, type Product, type ShopInfo, type ShopTrust } from '@thaiyal/contract';
import { catalogSnapshotOf } from '../src/modules/catalog/index.js';
import { pageData } from '../src/modules/pages/index.js';

interface Input {
  products: Product[];
  banners: Banner[];
  shop: ShopInfo;
  trust: ShopTrust;
  search: Product[];
  urls: string[];
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Input;
const snapshot = catalogSnapshotOf(input.products, input.banners);
const pages: Record<string, Record<string, unknown>> = {};
for (const url of input.urls) {
  const address = new URL(url, 'http://localhost');
  const match = matchPage(address.pathname);
  const answers = await pageData(snapshot, match, readListQuery(address.searchParams), {
    everyPage: { '/shop-info': JSON.stringify(input.shop) },
    search: async () => input.search,
    // What plugins/web.ts reads for home at each request (page-renderer.ts `liveAnswers`).
    live: match.id === 'home' ? { '/shop/trust': JSON.stringify(input.trust) } : {},
  });
  pages[url] = Object.fromEntries(Object.entries(answers).map(([apiPath, body]) => [apiPath, JSON.parse(body) as unknown]));
}
process.stdout.write(JSON.stringify(pages));
