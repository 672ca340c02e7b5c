import { useTranslation } from 'react-i18next';
import { productName } from '../../../lib/product-text';
import { formatRupees } from '../../../lib/text';
import type { TemporaryOrderChanges } from '../temporary-order';

/** Props of the order-changes notice. */
export interface OrderChangesProps {
  changes: TemporaryOrderChanges;
  /** Whether any line is left to order (then the shopper is asked to check the new total). */
  hasItems: boolean;
}

/**
 * Tells the shopper why the order on /placeorder changed after the server refused it (docs/product.md#place-order: 409 stale total, 404 deleted product): each repriced line with its price now and before,
 * each line taken out because its product is no longer sold, and, while lines are left, to
 * check the new total and press Place Order again. Announced as an alert. Renders nothing when
 * nothing changed.
 */
export function OrderChanges({ changes, hasItems }: OrderChangesProps) {
  const { t, i18n } = useTranslation();
  if (changes.repriced.length === 0 && changes.removed.length === 0) return null;
  return (
    <div role="alert" className="mb-4 space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">{t('placeOrder.updatedTitle')}</p>
      <ul className="list-disc space-y-1 pl-5">
        {changes.repriced.map((line) => (
          <li key={`repriced-${line.productID}`}>
            {t('placeOrder.repriced', {
              name: productName(line, i18n.language),
              price: formatRupees(line.newPrice),
              oldPrice: formatRupees(line.oldPrice),
            })}
          </li>
        ))}
        {changes.removed.map((line) => (
          <li key={`removed-${line.productID}`}>{t('placeOrder.removedLine', { name: productName(line, i18n.language) })}</li>
        ))}
      </ul>
      {hasItems && <p>{t('placeOrder.checkTotal')}</p>}
    </div>
  );
}
