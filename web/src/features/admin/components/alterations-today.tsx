import type { AdminAlteration, Alteration } from '@thaiyal/contract';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PrivatePicture } from '../../../components/private-picture';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { addEnglish } from '../../../i18n';
import ordersEnglish from '../../../i18n/en-orders.json';
import { serverMessage } from '../../../lib/server-message';
import { useMoveAlteration, useOpenAlterations } from '../api/alterations';
import { formatDateTime } from './admin-text';

// The problems' and steps' words are the shopper's (My Orders).
addEnglish(ordersEnglish);

/**
 * The Today tab's "Alterations" (docs/product.md#free-alterations): the open alterations from
 * `GET /api/admin/alterations?status=open`, oldest first, each with its garment, what is wrong and
 * where, her note and pictures, the customer with tap-to-call, and the next step's button (Mark
 * picked up, then Mark done). Empty, loading and failed states as the other sections have.
 */
export function AlterationsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useOpenAlterations();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="today-alterations">
      <h3 id={headingId} className="font-serif text-lg font-semibold text-rose-950">
        {t('admin.alterations.title')}
      </h3>
      <QueryState
        query={query}
        failed={t('admin.alterations.error')}
        retry={t('admin.retry')}
        empty={t('admin.alterations.empty')}
        isEmpty={(data) => data.alterations.length === 0}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.alterations.map((alteration) => (
              <AlterationCard key={alteration.id} alteration={alteration} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** What is wrong, and where when she said: `Too tight (left sleeve)`. */
function AlterationWhat({ alteration }: { alteration: Pick<Alteration, 'problem' | 'where'> }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`alterations.problems.${alteration.problem}`)}
      {alteration.where ? ` (${alteration.where})` : ''}
    </>
  );
}

/** One open alteration on Today: garment, order, problem, note, pictures, customer and the next step. */
function AlterationCard({ alteration }: { alteration: AdminAlteration }) {
  const { t, i18n } = useTranslation();
  const move = useMoveAlteration();
  const next = alteration.status === 'requested' ? 'picked-up' : 'done';
  const garment = i18n.language === 'ta' && alteration.garment.nameTa ? alteration.garment.nameTa : alteration.garment.name;
  return (
    <li className="user-text space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" data-testid="today-alteration">
      <p className="font-semibold text-rose-950">
        {garment} · {t('admin.alterations.order', { orderId: alteration.orderId })}
      </p>
      <p className="text-sm text-stone-800">
        <span className="font-medium">{t(`alterations.status.${alteration.status}`)}</span>: <AlterationWhat alteration={alteration} />
      </p>
      <p className="text-sm break-words text-stone-700">{alteration.note}</p>
      <p className="text-xs text-stone-600">{formatDateTime(alteration.requestedAt, i18n.resolvedLanguage)}</p>
      {alteration.pictures.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {alteration.pictures.map((url, index) => (
            <li key={url}>
              <PrivatePicture src={url} alt={t('tailoring.picture', { n: index + 1 })} className="h-20 w-16 rounded object-cover" />
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm font-medium break-words text-stone-800">
        {alteration.customer.name},{' '}
        <a href={`tel:${alteration.customer.phone}`} className="underline">
          {alteration.customer.phone}
        </a>
      </p>
      <Button
        disabled={move.isPending}
        onClick={() =>
          move.mutate(
            { id: alteration.id, status: next },
            {
              onSuccess: () => toast.success(t('serverMessages.alteration.updated')),
              onError: (failure) => toast.error(serverMessage(failure, t) ?? failure.message),
            },
          )
        }
      >
        {t(next === 'done' ? 'admin.alterations.markDone' : 'admin.alterations.markPickedUp')}
      </Button>
    </li>
  );
}

/** An order's alterations on its admin card (docs/product.md#free-alterations): each garment's step and what is wrong; nothing when none. */
export function OrderAlterationList({
  alterations,
  items,
}: {
  alterations: readonly Alteration[];
  items: readonly { productId: string | null; name: string }[];
}) {
  const { t } = useTranslation();
  if (alterations.length === 0) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="order-alterations">
      <p className="font-medium text-stone-900">{t('admin.alterations.onOrder')}</p>
      <ul className="space-y-1">
        {alterations.map((alteration) => (
          <li key={alteration.id} className="break-words text-stone-800">
            {items.find((item) => item.productId === alteration.productId)?.name ?? ''} — {t(`alterations.status.${alteration.status}`)}:{' '}
            <AlterationWhat alteration={alteration} />. {alteration.note}
          </li>
        ))}
      </ul>
    </div>
  );
}
