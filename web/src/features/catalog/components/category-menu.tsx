import { HOME_SECTIONS } from '@thaiyal/contract/catalog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * The catalog's five groups (blouse, chudithar, frock, pattupavadai, pant: the home page's
 * sections, docs/product.md#home) with their categories as links, each group a disclosure
 * (`<details>`) so the list stays short on a phone. Drawn in the drawer and on the search page.
 * @param onNavigate called when a category link is followed (the drawer closes itself).
 * @param open the groups start open (the search page's suggestions) or closed (the drawer).
 */
export function CategoryMenu({ onNavigate, open = false }: { onNavigate?: () => void; open?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {HOME_SECTIONS.map((section) => (
        <li key={section.key}>
          <details open={open} className="group rounded-lg">
            <summary className="cursor-pointer rounded-lg px-3 py-2 font-semibold text-rose-950 hover:bg-rose-100 focus-visible:outline-3 focus-visible:outline-rose-700">
              {t(`home.sections.${section.key}`)}
            </summary>
            <ul className="mt-1 flex flex-wrap gap-2 px-3 pb-2">
              {section.categories.map((slug) => (
                <li key={slug}>
                  <Link
                    to={paths.category(slug)}
                    onClick={onNavigate}
                    className="inline-block rounded-full bg-white px-3 py-1 text-sm text-rose-900 ring-1 ring-rose-800/30 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700"
                  >
                    {t(`categories.${slug}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
