import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type Product, type ProductSearchQuery, type ProductSort } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { productSearchVector, products, searchSynonyms, searchWords as catalogWords } from '../../db/schema/index.js';
import type { CatalogSnapshot } from './catalog.service.js';

/** Longest word used from a query; longer words are cut (no garment word comes near). */
const MAX_WORD_LENGTH = 40;

/**
 * How alike a query word and a synonym's term must be (pg_trgm `similarity`, 0 to 1) for the
 * term's canonical word to be searched too: `churidhar` finds `churidar`'s `chudithar`.
 */
const SYNONYM_SIMILARITY = 0.5;

/**
 * How alike a query word and one of the catalog's words must be (pg_trgm `similarity`) to
 * search that word too, and how many of the nearest are taken: a typo (`blose`, 0.44 to
 * `blouse`), not another garment (`pant` and `paint`, 0.38).
 */
const TYPO_SIMILARITY = 0.4;
const TYPO_CANDIDATES = 3;

/** Words shorter than this are taken only as typed (a 3-letter word is close to too much). */
const FUZZY_MIN_LENGTH = 4;

/**
 * The words of a search (docs/product.md#search): Unicode NFC, lower-case, zero-width
 * joiners dropped, split at anything that is not a letter, a combining mark or a digit; words
 * without a letter or digit dropped; at most LIMITS.maxSearchWords words of at most 40
 * characters. `'Pattu-Pavadai, 2 yrs'` → `['pattu', 'pavadai', '2', 'yrs']`.
 */
export function searchWords(q: string): string[] {
  return q
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, LIMITS.maxSearchWords)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
}

/** What {@link searchStatement} looks for: the words, the order and the price range in paise. */
export interface SearchPlan {
  /** From {@link searchWords}: at least one. */
  words: readonly string[];
  /** Absent: best matches first. */
  sort?: ProductSort | undefined;
  minPaise?: number | undefined;
  maxPaise?: number | undefined;
}

/** ORDER BY of each sort; ties go newest first, then by name, as the catalog's lists do. */
function orderBy(sort: ProductSort | undefined): SQL {
  const newest = sql`${products.createdAt} desc, ${products.name} asc, ${products.id} asc`;
  if (sort === 'newest') return newest;
  if (sort === 'price-asc') return sql`${products.pricePaise} asc, ${newest}`;
  if (sort === 'price-desc') return sql`${products.pricePaise} desc, ${newest}`;
  // Best first: the weights put a word of the name before one of the category, before one of
  // the description.
  return sql`ts_rank(${products.searchVector}, (select every_word from query)) desc, ${newest}`;
}

/**
 * The one statement that answers a search (docs/product.md#search), ids of visible products
 * in the order asked, at most LIMITS.maxSearchResults:
 * 1. each query word gets its alternatives: itself; the canonical word of every synonym whose
 *    term is the word or the word with its neighbour (`pattu pavadai`); and, for a typo (a
 *    word of 4 letters or more that neither a product's text nor a synonym holds), the
 *    canonical word of every synonym close to it (trigram similarity ≥ 0.5: `churidhar` →
 *    `chudithar`) and the catalog's own words closest to it (the 3 nearest by trigram
 *    distance, those with similarity ≥ 0.4: `blose` → `blouse`), from `search_words`;
 * 2. a product matches when EVERY word has an alternative among its text's words as a prefix
 *    (`aari` finds `aariwork`): one full-text query, AND of ORs, on {@link productSearchVector};
 * 3. hidden products never, then the price range, the order and the limit.
 * Best matches first means by `ts_rank` over the stored, weighted `search_vector` (a word in
 * the name counts most, then in the category, then in the description), then newest.
 * The products are found through the GIN index on the search vector, the typos through the
 * trigram GiST index on `search_words`, read nearest first (db/schema/catalog.ts), never by
 * reading every product or every word:
 * server/test/performance/search-plan.test.ts checks the plan on 10,000 products. The
 * synonyms table is small and fixed (about 120 rows).
 */
export function searchStatement(plan: SearchPlan): SQL {
  const words = plan.words.map((word) => sql`${word}`);
  const conditions = [sql`not ${products.hidden}`, sql`${productSearchVector(products)} @@ (select every_word from query)`];
  if (plan.minPaise !== undefined) conditions.push(sql`${products.pricePaise} >= ${plan.minPaise}`);
  if (plan.maxPaise !== undefined) conditions.push(sql`${products.pricePaise} <= ${plan.maxPaise}`);
  return sql`
    with input(word, pos) as (select * from unnest(array[${sql.join(words, sql`, `)}]::text[]) with ordinality),
    -- A word some product holds, or a synonym's term, is no typo.
    known(word, pos, typo) as materialized (
      select i.word, i.pos, length(i.word) >= ${FUZZY_MIN_LENGTH}
        and not exists (select 1 from ${catalogWords} k where k.word = i.word)
        and not exists (select 1 from ${searchSynonyms} s where s.term = i.word)
      from input i
    ),
    alternative(pos, alt) as (
      select pos, word from input
      union
      select i.pos, s.canonical from input i join ${searchSynonyms} s on s.term = i.word
      union
      select both_words.pos, s.canonical from input i
        join input j on j.pos = i.pos + 1
        join ${searchSynonyms} s on s.term = i.word || ' ' || j.word
        cross join lateral (values (i.pos), (j.pos)) as both_words(pos)
      union
      select k.pos, s.canonical from known k join ${searchSynonyms} s on k.typo and similarity(s.term, k.word) >= ${SYNONYM_SIMILARITY}
      union
      select k.pos, near.word from known k cross join lateral (
        select w.word, w.word <-> k.word as distance from ${catalogWords} w
        where k.typo
        order by w.word <-> k.word
        limit ${TYPO_CANDIDATES}
      ) near
      where near.distance <= ${1 - TYPO_SIMILARITY}
    ),
    term(pos, any_of) as (select pos, '(' || string_agg(alt || ':*', ' | ') || ')' from alternative group by pos),
    query as materialized (select to_tsquery('simple'::regconfig, string_agg(any_of, ' & ')) as every_word from term)
    select ${products.id} as id from ${products}
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy(plan.sort)}
    limit ${LIMITS.maxSearchResults}`;
}

/** Rupees (at most 2 decimals) → paise. */
function toPaise(rupees: number | undefined): number | undefined {
  return rupees === undefined ? undefined : Math.round(rupees * 100);
}

/**
 * `GET /product/search` (docs/product.md#search): the visible products matching every word
 * of `query.q`, in the order asked (best matches first when no sort is given), within the
 * price range, at most LIMITS.maxSearchResults. One SQL statement finds the ids
 * ({@link searchStatement}); the products themselves come from the in-memory catalog, so
 * they are the same objects every other list answers (docs/decisions/001-in-memory-catalog.md).
 * A query without a letter or digit finds nothing.
 */
export async function searchProducts(db: Db, snapshot: CatalogSnapshot, query: ProductSearchQuery): Promise<Product[]> {
  const words = searchWords(query.q);
  if (words.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    searchStatement({ words, sort: query.sort, minPaise: toPaise(query.min), maxPaise: toPaise(query.max) }),
  );
  const found: Product[] = [];
  for (const { id } of rows) {
    const product = snapshot.byId.get(id);
    if (product) found.push(product);
  }
  return found;
}
