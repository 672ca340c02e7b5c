import type { AdminOrder } from '@thaiyal/contract';
import { formatShopTime } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChatIcon } from '../../../components/ui/icons';
import { absoluteUrl, paths } from '../../../lib/paths';
import { serverMessage } from '../../../lib/server-message';
import { whatsappLink } from '../../../lib/whatsapp';
import { useAskSignOff, usePhoneApproval } from '../api/sign-off';
import { customerMessage } from './customer-message';

/**
 * The customer's approval before cutting on an order card (docs/product.md#sign-off-before-cutting):
 * its state in words (asked, approved online or by phone, she asked for a call, with her comment,
 * and whether the order was set to designed without her approval), `Ask for approval` (`Ask again`
 * once asked), then while she has not answered `Send on WhatsApp` with the message ready in her
 * language, and `Approved by phone`. Nothing to do on a delivered or cancelled order: the state only.
 */
export function SignOffAdmin({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const ask = useAskSignOff();
  const phone = usePhoneApproval();
  // The link needs the page's origin, known only in the browser: drawn after hydration.
  const inBrowser = useSyncExternalStore(noChange, inTheBrowser, onTheServer);
  const signOff = order.signOff ?? { state: 'not-asked' as const, steps: [] };
  const open = order.status !== 'delivered' && order.status !== 'cancelled';
  const when = signOff.at ? formatShopTime(signOff.at, i18n.resolvedLanguage ?? i18n.language) : '';
  const stateKey = signOff.state === 'approved' && signOff.via === 'phone' ? 'approvedPhone' : signOff.state;
  const failed = (failure: Error) => toast.error(serverMessage(failure, t) ?? t('admin.signOff.failed'));
  const whatsapp =
    inBrowser && signOff.state === 'pending'
      ? whatsappLink(
          order.address.phoneNumber,
          customerMessage(i18n, order.language, 'admin.signOff.whatsappText', () => ({
            orderId: order.orderId,
            total: formatRupeesExact(order.totalPrice),
            link: `${absoluteUrl(paths.myOrders)}#order-${order.orderId}`,
          })),
        )
      : null;
  return (
    <section className="space-y-2 rounded-xl bg-amber-50/70 p-3 text-sm" data-testid="sign-off-admin">
      <h4 className="font-semibold text-stone-800">{t('admin.signOff.heading')}</h4>
      <p className="text-stone-800" data-testid="sign-off-state">
        {t(`admin.signOff.states.${stateKey}`, { date: when })}
      </p>
      {signOff.comment && <p className="wrap-anywhere text-stone-700">{t('admin.signOff.comment', { comment: signOff.comment })}</p>}
      {signOff.designedWithoutApproval && <p className="font-medium text-amber-900">{t('admin.signOff.designedWithout')}</p>}
      {open && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="px-4! py-2!"
            disabled={ask.isPending}
            onClick={() =>
              ask.mutate(order.orderId, { onSuccess: () => toast.success(t('serverMessages.signOff.asked')), onError: failed })
            }
          >
            {t(signOff.state === 'not-asked' ? 'admin.signOff.ask' : 'admin.signOff.askAgain')}
          </Button>
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800"
              data-testid="sign-off-whatsapp"
            >
              <ChatIcon width={16} height={16} />
              {t('admin.signOff.whatsapp')}
            </a>
          )}
          {signOff.state !== 'approved' && (
            <Button
              variant="secondary"
              className="px-4! py-2!"
              disabled={phone.isPending}
              onClick={() =>
                phone.mutate(order.orderId, { onSuccess: () => toast.success(t('serverMessages.signOff.recorded')), onError: failed })
              }
            >
              {t('admin.signOff.phone')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

/** {@link useSyncExternalStore}'s store of "drawn in the browser": it never changes. */
function noChange(): () => void {
  return () => {};
}
const inTheBrowser = () => true;
const onTheServer = () => false;
