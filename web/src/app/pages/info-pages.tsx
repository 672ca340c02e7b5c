import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactLinks } from '../../features/contact/components/contact-links';
import { InfoArticle, type InfoKey } from '../../features/info/components/info-article';
import { SellerDetails } from '../../features/contact/components/seller-details';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/ui/page-title';
import { addEnglish } from '../../i18n';
import infoEnglish from '../../i18n/en-info.json';

addEnglish(infoEnglish);

const ctaClass =
  'inline-block rounded font-semibold text-rose-800 underline underline-offset-2 hover:text-rose-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/** The pages that carry the seller's details (docs/product.md#terms-returns-and-faq). */
const SELLER_PAGES: readonly InfoKey[] = ['terms', 'returns', 'faq'];

/**
 * One information page by key (docs/product.md#screens static pages and /delivery): its copy in the
 * shopper's language, then a way onward: the contact links on 'Get in Touch', a link to the
 * contact page everywhere else; the terms, returns and FAQ pages also name the seller.
 */
export function InfoPage({ infoKey }: { infoKey: InfoKey }) {
  const { t } = useTranslation();
  return (
    <InfoArticle infoKey={infoKey}>
      <PageTitle title={t(`info.${infoKey}.title`)} />
      {infoKey === 'getInTouch' ? (
        <>
          <ContactLinks />
          <p>
            <Link to={paths.contact} className={ctaClass}>
              {t('info.cta.writeToUs')}
            </Link>
          </p>
        </>
      ) : (
        <p>
          <Link to={paths.contact} className={ctaClass}>
            {t(infoKey === 'opportunities' ? 'info.cta.joinUs' : 'info.cta.askUs')}
          </Link>
        </p>
      )}
      {SELLER_PAGES.includes(infoKey) && <SellerDetails />}
    </InfoArticle>
  );
}

/**
 * /contact (docs/product.md#contact): the shop's phone, WhatsApp, e-mail and social links from
 * its configuration, the contact form (docs/product.md#states-and-transitions) and the seller's
 * details (docs/product.md#terms-returns-and-faq).
 */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <InfoArticle infoKey="contact">
      <PageTitle title={t('info.contact.title')} />
      <ContactLinks />
      <ContactForm />
      <SellerDetails />
    </InfoArticle>
  );
}
