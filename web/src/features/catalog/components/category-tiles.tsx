import type { HomeSection, ProductCategory } from '@thaiyal/contract/catalog';
import { imageSrcSet, imageUrlAt } from '@thaiyal/contract/images';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Props of one home tile section. */
export interface CategoryTilesProps {
  section: HomeSection;
  /**
   * The picture of a category's tile (`GET /api/product/tiles`: the first picture of its newest
   * product that has one), or undefined for a plain fabric tile (none, or not loaded yet).
   */
  pictureOf: (category: ProductCategory) => string | undefined;
}

/**
 * One home tile section (docs/product.md#home: Blouse 6, Chudithar 8, Frock 6, Pattupavadai 4,
 * Pant 6): a heading and a grid of tiles, each linking to `/category/{slug}` with the
 * category's label and the first picture of that category, or a plain fabric tile. Every tile of
 * a section is as tall as the tallest (its label centred below the picture), whatever the
 * label's length in Tamil.
 * Memoized: a page re-renders on every query it watches, and this one only needs to when its own props change (docs/decisions/013-first-load.md).
 */
export const CategoryTiles = memo(function CategoryTiles({ section, pictureOf }: CategoryTilesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-section={section.key}>
      <h2 id={headingId} className="font-serif text-xl font-semibold text-rose-950">
        {t(`home.sections.${section.key}`)}
      </h2>
      <ul
        // Rows of equal height, each tile filling its cell: a tile whose name takes three lines in Tamil is no taller than its neighbours.
        className={`grid auto-rows-fr grid-cols-3 gap-3 sm:gap-4 ${section.categories.length === 4 ? 'md:grid-cols-4' : section.categories.length === 8 ? 'md:grid-cols-4 lg:grid-cols-8' : 'md:grid-cols-6'}`}
      >
        {section.categories.map((slug) => {
          const picture = pictureOf(slug);
          return (
            <li key={slug} className="flex">
              <Link
                to={paths.category(slug)}
                className="group flex w-full flex-col overflow-hidden rounded-xl bg-white text-center shadow-sm ring-1 ring-rose-900/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
              >
                {picture ? (
                  <img
                    src={imageUrlAt(picture, 320)}
                    srcSet={imageSrcSet(picture)}
                    sizes="(min-width: 1024px) 160px, (min-width: 768px) 25vw, 33vw"
                    width={320}
                    height={427}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[3/4] h-auto w-full bg-rose-50 object-cover transition group-hover:scale-[1.03]"
                  />
                ) : (
                  <div aria-hidden="true" className="aspect-[3/4] w-full bg-linear-to-br from-rose-200 via-amber-100 to-rose-100" />
                )}
                <span className="flex flex-1 items-center justify-center px-1 py-2 text-xs leading-tight font-medium break-words text-stone-800 sm:text-sm">
                  {t(`categories.${slug}`)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
