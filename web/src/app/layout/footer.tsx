import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { externalLinkProps, useContactPoints } from '../../features/contact/components/contact-links';
import { paths } from '../../lib/paths';

const groups = [
  {
    titleKey: 'footer.services',
    links: [
      { to: paths.info.customTailoring, key: 'customTailoring' },
      { to: paths.info.bridalAttire, key: 'bridalAttire' },
      { to: paths.info.alterations, key: 'alterations' },
      { to: paths.info.fabricConsultation, key: 'fabricConsultation' },
    ],
  },
  {
    titleKey: 'footer.about',
    links: [
      { to: paths.info.ourStory, key: 'ourStory' },
      { to: paths.info.whyChooseUs, key: 'whyChooseUs' },
      { to: paths.info.showcase, key: 'showcase' },
      { to: paths.info.collaborators, key: 'collaborators' },
      { to: paths.info.opportunities, key: 'opportunities' },
    ],
  },
  {
    titleKey: 'footer.help',
    links: [
      { to: paths.delivery, key: 'delivery' },
      { to: paths.info.getInTouch, key: 'getInTouch' },
      { to: paths.contact, key: 'contact' },
      { to: paths.info.customerCommitment, key: 'customerCommitment' },
      { to: paths.info.dataPrivacy, key: 'dataPrivacy' },
      { to: paths.info.terms, key: 'terms' },
      { to: paths.info.returns, key: 'returns' },
      { to: paths.info.faq, key: 'faq' },
    ],
  },
] as const;

function ContactIcon({ href, label, external, children }: { href: string; label: string; external: boolean; children: ReactNode }) {
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      {...externalLinkProps({ external })}
      className="grid size-11 place-items-center rounded-full bg-rose-50/10 text-rose-50 ring-1 ring-rose-50/30 hover:bg-rose-50/20 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-200"
    >
      {children}
    </a>
  );
}

/**
 * The site footer (docs/product.md#home Footer): links to every information page, contact icons
 * (phone, WhatsApp chat, e-mail, social profiles, from the shop's configuration) and
 * '© {current year} Thaiyal'.
 */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const contactPoints = useContactPoints();
  return (
    <footer className="render-when-near mt-12 bg-rose-950 text-rose-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="font-serif text-2xl font-bold">{t('brand')}</p>
          <p className="text-sm text-rose-100">{t('footer.tagline')}</p>
          <ul className="flex min-h-11 flex-wrap gap-3" aria-label={t('contact.linksLabel')}>
            {contactPoints.map((point) => (
              <li key={point.key}>
                <ContactIcon href={point.href} label={point.label} external={point.external}>
                  {point.icon}
                </ContactIcon>
              </li>
            ))}
          </ul>
        </div>
        {groups.map((group) => (
          <nav key={group.titleKey} aria-label={t(group.titleKey)}>
            <h2 className="mb-2 text-sm font-semibold tracking-wider text-amber-200 uppercase">{t(group.titleKey)}</h2>
            <ul className="space-y-1.5">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded text-sm text-rose-100 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-200"
                  >
                    {t(`info.${link.key}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-rose-50/15 py-4 text-center text-sm text-rose-100">{t('footer.copyright', { year })}</p>
    </footer>
  );
}
