import type { ShopInfo, SocialNetwork } from '@thaiyal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, MailIcon, PhoneIcon, SocialIcon } from '../../../components/ui/icons';
import { useShopInfo } from '../api/shop-info';

/** One way to reach the shop: where the link goes, what it says, and its icon. */
export interface ContactPoint {
  key: string;
  href: string;
  /** What the link does, e.g. 'Call us' (also the icon-only link's accessible name). */
  label: string;
  /** What is shown beside the label, e.g. the phone number. */
  value: string;
  icon: ReactNode;
  external: boolean;
}

const NETWORK_NAMES: Record<SocialNetwork, string> = { instagram: 'Instagram', facebook: 'Facebook', youtube: 'YouTube' };

/**
 * The shop's contact points in display order (docs/product.md#home footer and contact page: phone,
 * WhatsApp chat, e-mail, social profiles), labelled in the shopper's language; empty while
 * the shop's configuration is loading or could not be loaded.
 */
export function useContactPoints(): ContactPoint[] {
  const { t } = useTranslation();
  const info = useShopInfo();
  return info.data ? contactPoints(info.data, t) : [];
}

function contactPoints(info: ShopInfo, t: (key: string) => string): ContactPoint[] {
  return [
    { key: 'phone', href: info.phoneHref, label: t('contact.call'), value: info.phone, icon: <PhoneIcon />, external: false },
    { key: 'whatsapp', href: info.whatsappHref, label: t('contact.chat'), value: 'WhatsApp', icon: <ChatIcon />, external: true },
    { key: 'email', href: info.emailHref, label: t('contact.email'), value: info.email, icon: <MailIcon />, external: false },
    ...info.social.map((link) => ({
      key: link.network,
      href: link.href,
      label: t(`contact.networks.${link.network}`),
      value: NETWORK_NAMES[link.network],
      icon: <SocialIcon />,
      external: true,
    })),
  ];
}

/** Attributes of a link that leaves the shop: a new tab, without handing over `window.opener`. */
export function externalLinkProps(point: Pick<ContactPoint, 'external'>) {
  return point.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

/**
 * The shop's phone, WhatsApp, e-mail and social links as labelled cards (docs/product.md#contact
 * page; docs/product.md#contact), from the server's configuration (`GET /api/shop-info`).
 */
export function ContactLinks() {
  const { t } = useTranslation();
  const info = useShopInfo();
  const points = useContactPoints();
  if (info.isPending)
    return (
      <p className="text-stone-600" role="status">
        {t('common.pleaseWait')}
      </p>
    );
  if (points.length === 0) return null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('contact.linksLabel')}>
      {points.map((point) => (
        <li key={point.key}>
          <a
            href={point.href}
            {...externalLinkProps(point)}
            className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700"
          >
            <span className="text-rose-800">{point.icon}</span>
            <span className="min-w-0">
              <span className="block text-sm text-stone-600">{point.label}</span>
              <span className="block font-semibold break-words text-stone-900">{point.value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
