import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactLinks } from '../../features/contact/components/contact-links';
import { InfoArticle, type InfoKey } from '../../features/info/components/info-article';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/ui/page-title';
import { addEnglish } from '../../i18n';
import infoEnglish from '../../i18n/en-info.json';

addEnglish(infoEnglish);

const ctaClass =
  'inline-block rounded font-semibold text-rose-800 underline underline-offset-2 hover:text-rose-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * One information page by key (docs/product.md#screens static pages and /delivery): its copy in the
 * shopper's language, then a way onward: the contact links on 'Get in Touch', a link to the
 * contact page everywhere else.
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
    </InfoArticle>
  );
}

/**
 * /contact (docs/product.md#contact): the shop's phone, WhatsApp, e-mail and social links from
 * its configuration, and the contact form (docs/product.md#states-and-transitions).
 */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <InfoArticle infoKey="contact">
      <PageTitle title={t('info.contact.title')} />
      <ContactLinks />
      <ContactForm />
    </InfoArticle>
  );
}
