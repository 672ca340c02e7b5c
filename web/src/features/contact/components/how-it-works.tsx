import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrcSet, imageUrlAt } from '@thaiyal/contract/images';
import { CartIcon, NeedleIcon, PhoneIcon, PinIcon, TruckIcon } from '../../../components/ui/icons';
import { useShopInfo } from '../api/shop-info';
import { useShopTrust } from '../api/shop-trust';

/** The five steps after ordering (docs/product.md#home, "How it works"), each with its picture. */
const STEPS: readonly { key: string; icon: ReactNode }[] = [
  { key: 'order', icon: <CartIcon /> },
  { key: 'call', icon: <PhoneIcon /> },
  { key: 'visit', icon: <PinIcon /> },
  { key: 'stitch', icon: <NeedleIcon /> },
  { key: 'pay', icon: <TruckIcon /> },
];

/**
 * "How it works" on home (docs/product.md#home): what happens after ordering, in five numbered
 * steps (order → we call → home visit and measuring → stitched → pay on delivery), each an icon,
 * a short title and one line, in the page's language. Plain server-rendered markup and inline
 * SVG: no picture to fetch, no script of its own (docs/performance.md). One column on a phone,
 * five from the `lg` width.
 */
export const HowItWorks = memo(function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works" className="space-y-3">
      <h2 id="how-it-works" className="font-serif text-xl font-semibold text-rose-950">
        {t('home.howItWorks.title')}
      </h2>
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5 lg:gap-3">
        {STEPS.map((step, index) => (
          <li key={step.key} className="flex items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-rose-900/10">
            <span className="relative flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-800">
              {step.icon}
              <span
                aria-hidden="true"
                className="absolute -top-1 -left-1 flex size-5 items-center justify-center rounded-full bg-rose-800 text-[11px] font-bold text-white"
              >
                {index + 1}
              </span>
            </span>
            <span className="min-w-0 space-y-0.5">
              <span className="block font-semibold break-words text-stone-900">{t(`home.howItWorks.steps.${step.key}.title`)}</span>
              <span className="block text-sm break-words text-stone-700">{t(`home.howItWorks.steps.${step.key}.text`)}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
});

/**
 * "Who is behind the shop" on home (docs/product.md#home): the tailor's photo and name when the
 * shop set them (`SHOP_TAILOR_NAME`, the admin's upload), the shop's address, and how many
 * reviews and delivered orders it has (each left out while zero), from `GET /api/shop/trust`
 * and `/api/shop-info`, both put into home by the server. Nothing until they are known.
 */
export const ShopTrustCard = memo(function ShopTrustCard() {
  const { t } = useTranslation();
  const trust = useShopTrust().data;
  const shop = useShopInfo().data;
  if (!trust || !shop) return null;
  const counts = [
    trust.reviewCount > 0 ? t('home.trust.reviews', { count: trust.reviewCount }) : undefined,
    trust.deliveredCount > 0 ? t('home.trust.delivered', { count: trust.deliveredCount }) : undefined,
  ].filter((line): line is string => line !== undefined);
  return (
    <section
      aria-labelledby="shop-trust"
      className="flex items-start gap-4 rounded-2xl bg-white p-4 ring-1 ring-rose-900/10 sm:items-center"
    >
      {trust.tailorPhoto && (
        <img
          src={imageUrlAt(trust.tailorPhoto, 320)}
          srcSet={imageSrcSet(trust.tailorPhoto)}
          sizes="(min-width: 640px) 96px, 80px"
          width={96}
          height={128}
          alt={trust.tailorName ? t('home.trust.photoAltNamed', { name: trust.tailorName }) : t('home.trust.photoAlt')}
          loading="lazy"
          decoding="async"
          className="aspect-[3/4] h-auto w-20 shrink-0 rounded-xl bg-rose-50 object-cover sm:w-24"
        />
      )}
      <div className="min-w-0 space-y-1.5">
        <h2 id="shop-trust" className="font-serif text-xl font-semibold text-rose-950">
          {t('home.trust.title')}
        </h2>
        {trust.tailorName && (
          <p className="font-semibold break-words text-stone-900">{t('home.trust.tailor', { name: trust.tailorName })}</p>
        )}
        <p className="flex items-start gap-1.5 text-sm break-words text-stone-700">
          <PinIcon className="mt-0.5 size-4 shrink-0 text-rose-800" />
          <span>{t('home.trust.address', { address: shop.address })}</span>
        </p>
        {counts.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('home.trust.countsLabel')}>
            {counts.map((line) => (
              <li key={line} className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-950">
                {line}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
});
