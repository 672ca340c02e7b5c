import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/** Props of a yes/no confirmation. */
export interface ConfirmDialogProps {
  /** The question, e.g. 'Confirm Deletion?' (docs/product.md#admin-dashboard Banners tab). */
  title: string;
  /** What will happen, e.g. the name of what is deleted. */
  description?: string;
  /** The confirming button's text, when not 'Yes' (say, 'Change and e-mail'). */
  confirmLabel?: string;
  /** While the confirmed action runs: Yes is disabled. */
  busy?: boolean;
  /** More to see or choose before answering, between the description and the buttons (e.g. the designed photos). */
  children?: ReactNode;
  onConfirm: () => void;
  /** No or Escape. */
  onCancel: () => void;
}

/**
 * A modal yes/no box (docs/product.md#screens: 'Confirm Deletion?' with Yes/No). Focus starts on No, so a
 * stray Enter never deletes; Escape answers No. Mount it to open it; unmount it to close it.
 * `children` sit between the question and the buttons; a tall box scrolls within the screen.
 */
export function ConfirmDialog({ title, description, confirmLabel, busy = false, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      onDismiss={onCancel}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <div className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="text-stone-700">
            {description}
          </p>
        )}
        {children}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={onCancel}>
            {t('admin.no')}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('admin.yes')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
