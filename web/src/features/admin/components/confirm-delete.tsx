import type { UseMutationResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/** Props of the admin's delete question for one `T` (a product, a banner, an order, a cancellation record). */
export interface ConfirmDeleteProps<T, TData> {
  /** What the admin asked to delete; `null` while nothing is asked (the question is not drawn). */
  item: T | null;
  /** The panel's delete mutation, called with the item's id. It lives in the panel, not here or in the card, so its toast outlives the card it deletes. */
  mutation: Pick<UseMutationResult<TData, Error, string>, 'mutate' | 'isPending'>;
  /** The id the mutation deletes by. */
  idOf: (item: T) => string;
  /** The question's body: what will go, e.g. 'Order TH-4K7Q2M will be deleted.'. */
  describe: (item: T) => string;
  /** The success toast. */
  deleted: (item: T) => string;
  /** The failure toast for the server's error (the panel's fixed text, or the server's message). */
  failed: (error: Error) => string;
  /** Closes the question: after No, Escape, or once the delete has settled. */
  onClose: () => void;
}

/**
 * The admin dashboard's delete question (docs/product.md#admin-dashboard, docs/product.md#screens:
 * 'Confirm Deletion?' with Yes/No): Yes runs `mutation` with the item's id, toasts `deleted` or
 * `failed`, and closes once it settles; No or Escape closes and sends nothing. Yes is disabled
 * while the delete runs. The one shape of every panel's delete (products, banners, orders,
 * cancellations).
 */
export function ConfirmDelete<T, TData>({ item, mutation, idOf, describe, deleted, failed, onClose }: ConfirmDeleteProps<T, TData>) {
  const { t } = useTranslation();
  if (item === null) return null;
  const onConfirm = () =>
    mutation.mutate(idOf(item), {
      onSuccess: () => toast.success(deleted(item)),
      onError: (error) => toast.error(failed(error)),
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      title={t('admin.confirmDeletion')}
      description={describe(item)}
      busy={mutation.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
