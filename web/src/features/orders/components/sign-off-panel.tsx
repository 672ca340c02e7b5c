import type { Order } from '@thaiyal/contract';
import { MAX_SIGN_OFF_COMMENT_LENGTH } from '@thaiyal/contract/sign-off';
import { formatShopTime } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { MeasuredSummary } from '../../../components/measured-summary';
import { StitchingSummary } from '../../../components/stitching-summary';
import { Button } from '../../../components/ui/button';
import { productName } from '../../../lib/product-text';
import { serverMessage } from '../../../lib/server-message';
import { useAnswerSignOff } from '../api/answer-sign-off';

/**
 * Her approval before cutting on My Orders (docs/product.md#sign-off-before-cutting). While the
 * shop waits for it (`pending`): per garment the measurements the shop will use (what it measured
 * at the visit, else what she typed), her design notes and reference pictures, and the final
 * price; an optional comment and `Approve` / `Please call me`. After she answers: her answer with
 * its time and comment. Nothing before the shop asks. A refusal is shown in the server's words;
 * what she typed is kept.
 */
export function SignOffPanel({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const signOff = order.signOff;
  if (!signOff || signOff.state === 'not-asked' || order.status === 'cancelled') return null;
  const when = (at: string | undefined) => (at ? formatShopTime(at, i18n.resolvedLanguage ?? i18n.language) : '');
  if (signOff.state !== 'pending') {
    const key =
      signOff.state === 'call-requested' ? 'signOff.callRequested' : signOff.via === 'phone' ? 'signOff.approvedPhone' : 'signOff.approved';
    return (
      <div className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="sign-off-answer">
        <p className="font-medium">{t(key, { date: when(signOff.at) })}</p>
        {signOff.comment && <p className="wrap-anywhere">{t('signOff.yourComment', { comment: signOff.comment })}</p>}
      </div>
    );
  }
  return <PendingSignOff order={order} askedOn={when(signOff.at)} />;
}

/** The panel while the shop waits for her answer: what she approves, and her two buttons. */
function PendingSignOff({ order, askedOn }: { order: Order; askedOn: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerSignOff();
  const send = (decision: 'approve' | 'call-me') => {
    setError(null);
    answer.mutate(
      { orderId: order.orderId, decision, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => toast.success(t('serverMessages.signOff.answered')),
        onError: (failure) => setError(serverMessage(failure, t) ?? t('signOff.failed')),
      },
    );
  };
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-900/20"
      data-testid="sign-off-panel"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-amber-950">
        {t('signOff.heading')}
      </h3>
      <p className="text-sm text-stone-700">{t('signOff.intro', { date: askedOn })}</p>
      <ul className="space-y-3">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? item.name}-${index}`} className="text-sm">
            <p className="font-medium text-stone-900">
              {t('signOff.line', {
                name: productName(item, i18n.language),
                price: formatRupeesExact(item.finalPrice ?? item.price),
                count: item.quantity,
              })}
            </p>
            {/* The measurements the shop will cut by: measured at the visit, else what she typed. */}
            <MeasuredSummary measured={item.measured} reader="shopper" />
            <StitchingSummary stitching={item.stitching} measurements={!item.measured} />
          </li>
        ))}
      </ul>
      <p className="font-semibold text-stone-900">{t('signOff.total', { total: formatRupeesExact(order.totalPrice) })}</p>
      <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-stone-800">
        {t('signOff.comment')}
      </label>
      <textarea
        id={`${id}-comment`}
        className="min-h-20 w-full rounded-md border border-stone-300 p-2 text-sm"
        maxLength={MAX_SIGN_OFF_COMMENT_LENGTH}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => send('approve')} disabled={answer.isPending}>
          {t('signOff.approve')}
        </Button>
        <Button variant="secondary" onClick={() => send('call-me')} disabled={answer.isPending}>
          {t('signOff.callMe')}
        </Button>
      </div>
    </section>
  );
}
