import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatIcon, MailIcon, PhoneIcon, SocialIcon } from '../../components/ui/icons';
import { InfoArticle, type InfoKey } from '../../features/info/components/info-article';
import { CONTACT, paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** One information page by key (SPEC §2 static pages and /delivery). */
export function InfoPage({ infoKey }: { infoKey: InfoKey }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`info.${infoKey}.title`));
  return (
    <InfoArticle infoKey={infoKey}>
      {infoKey === 'getInTouch' && <ContactLinks />}
      {infoKey === 'delivery' && (
        <p>
          <Link to={paths.contact} className="font-semibold text-rose-800 underline underline-offset-2">
            {t('info.contact.title')}
          </Link>
        </p>
      )}
    </InfoArticle>
  );
}

/** The shop's phone, WhatsApp, e-mail and social links, labelled. */
function ContactLinks() {
  const { t } = useTranslation();
  const links = [
    { href: CONTACT.phoneHref, label: t('contact.call'), value: CONTACT.phoneDisplay, icon: <PhoneIcon /> },
    { href: CONTACT.whatsappHref, label: t('contact.chat'), value: 'WhatsApp', icon: <ChatIcon /> },
    { href: CONTACT.emailHref, label: t('contact.email'), value: CONTACT.emailDisplay, icon: <MailIcon /> },
    { href: CONTACT.socialHref, label: t('contact.social'), value: 'Instagram', icon: <SocialIcon /> },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            {...(link.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700"
          >
            <span className="text-rose-800">{link.icon}</span>
            <span>
              <span className="block text-sm text-stone-600">{link.label}</span>
              <span className="block font-semibold text-stone-900">{link.value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * /contact (SPEC §2 Contact page): the phone, messaging, e-mail and social links. The
 * contact form arrives with the information-pages issue.
 */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('info.contact.title'));
  return (
    <InfoArticle infoKey="contact">
      <ContactLinks />
    </InfoArticle>
  );
}

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="py-16 text-center">
      <h1 className="font-serif text-3xl font-semibold text-rose-950">{t('notFound.title')}</h1>
      <p className="mt-2 text-stone-700">{t('notFound.body')}</p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-rose-800 underline underline-offset-2">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
