import { useTranslation } from 'react-i18next';
import { useShopInfo } from '../api/shop-info';

const linkClass =
  'font-semibold text-rose-800 underline underline-offset-2 hover:text-rose-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * Who sells (docs/product.md#terms-returns-and-faq), as India's Consumer Protection
 * (E-Commerce) Rules 2020 ask an online seller to show: the legal name and address, customer
 * care (phone and e-mail) and the grievance officer's name, e-mail and phone, from the shop's
 * configuration (`GET /api/shop-info`, put into every page by the server). Nothing while it is
 * not known.
 */
export function SellerDetails() {
  const { t } = useTranslation();
  const shop = useShopInfo().data;
  if (!shop) return null;
  const officer = shop.grievanceOfficer;
  return (
    <section aria-labelledby="seller-details" className="space-y-3 rounded-xl bg-white/70 p-4 ring-1 ring-rose-900/10">
      <h2 id="seller-details" className="font-serif text-lg font-semibold text-rose-950">
        {t('info.seller.title')}
      </h2>
      <dl className="grid gap-x-4 gap-y-2 text-sm text-stone-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-stone-900">{t('info.seller.legalName')}</dt>
        <dd className="wrap-break-word">{shop.legalName}</dd>
        <dt className="font-semibold text-stone-900">{t('info.seller.address')}</dt>
        <dd className="wrap-break-word">{shop.address}</dd>
        <dt className="font-semibold text-stone-900">{t('info.seller.customerCare')}</dt>
        <dd className="wrap-break-word">
          <a href={shop.phoneHref} className={linkClass}>
            {shop.phone}
          </a>
          {' · '}
          <a href={shop.emailHref} className={linkClass}>
            {shop.email}
          </a>
        </dd>
        <dt className="font-semibold text-stone-900">{t('info.seller.grievanceOfficer')}</dt>
        <dd className="wrap-break-word">
          {officer.name}
          {' · '}
          <a href={`mailto:${officer.email}`} className={linkClass}>
            {officer.email}
          </a>
          {' · '}
          <a href={officer.phoneHref} className={linkClass}>
            {officer.phone}
          </a>
        </dd>
      </dl>
      <p className="text-sm text-stone-600">{t('info.seller.grievanceNote')}</p>
    </section>
  );
}
