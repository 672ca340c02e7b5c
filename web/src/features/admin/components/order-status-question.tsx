import type { AdminOrder, OrderState, OrderStatus } from '@thaiyal/contract';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { serverMessageOr } from './admin-text';
import { ConfirmDialog } from './confirm-dialog';
import { DesignedPhotosPicker, designedPhotosFit } from './designed-photos-picker';
import { UploadProgress } from './upload-progress';

/** An order card's status question: what is asked, the photos chosen for "designed", and the answers. */
export interface StatusQuestionState {
  /** The status asked about; null while no question is open. */
  asking: OrderStatus | null;
  /** Opens the question for `status` (the order's own status: photos for an order already designed). */
  ask: (status: OrderStatus) => void;
  /** Asked for the status the order has: photos for an order already designed. */
  addingPhotos: boolean;
  /** The photos chosen for "designed". */
  photos: File[];
  setPhotos: (files: File[]) => void;
  /** The upload's progress from 0 to 1 while photos go; null otherwise. */
  progress: number | null;
  /** The server's refusal of the photos, in its words. */
  photoError: string | null;
  /** Yes: sends the change (with photos, as multipart), or closes when there is nothing to send. */
  confirm: () => void;
  /** No or Escape: stops an upload on its way and closes the question. */
  close: () => void;
  /** What the selector shows: while a change is on its way, the chosen status. */
  shownStatus: OrderState;
  /** While a change is on its way: the selector is disabled. */
  sending: boolean;
}

/**
 * The status question of one order card (docs/product.md#states-and-transitions Order status).
 * A status change e-mails the customer, so it is asked first, saying what will be sent: a slip
 * of the finger (or a wheel over the selector) changes nothing. Yes sends
 * `PUT /api/orders/status/:orderId`; the success toast shows the server's text, a failure
 * 'An error occurred' (docs/product.md#messages). For "designed" with photos
 * (docs/product.md#designed-photos) the change goes as multipart with upload progress, the
 * question stays open until the server answers, and a refusal is shown in it in the server's
 * words with every chosen photo kept, to try again; No stops the upload.
 */
export function useStatusQuestion(order: AdminOrder): StatusQuestionState {
  const { t } = useTranslation();
  const update = useUpdateOrderStatus();
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const uploading = useRef<AbortController | null>(null);
  const addingPhotos = asking !== null && asking === order.status;

  const close = () => {
    uploading.current?.abort();
    uploading.current = null;
    setAsking(null);
    setPhotos([]);
    setPhotoError(null);
    setProgress(null);
  };

  const sendStatus = (status: OrderStatus) =>
    update.mutate(
      { orderId: order.orderId, status },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: () => toast.error(t('admin.orders.statusFailed')),
      },
    );

  const sendDesignedWithPhotos = (files: File[]) => {
    const controller = new AbortController();
    uploading.current = controller;
    setPhotoError(null);
    setProgress(0);
    update.mutate(
      { orderId: order.orderId, status: 'designed', photos: files, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          if (uploading.current === controller) close();
        },
        onError: (error) => {
          // No was pressed: the question is gone already.
          if (controller.signal.aborted) return;
          uploading.current = null;
          setProgress(null);
          setPhotoError(serverMessageOr(error, t('admin.orders.statusFailed'), t));
        },
      },
    );
  };

  const confirm = () => {
    if (asking === null) return;
    if (asking === 'designed' && photos.length > 0) {
      if (designedPhotosFit(photos)) sendDesignedWithPhotos(photos);
      return;
    }
    // Adding photos without choosing any changes nothing.
    if (!addingPhotos) sendStatus(asking);
    close();
  };

  return {
    asking,
    ask: setAsking,
    addingPhotos,
    photos,
    setPhotos,
    progress,
    photoError,
    confirm,
    close,
    shownStatus: update.isPending && update.variables ? update.variables.status : order.status,
    sending: update.isPending,
  };
}

/**
 * The question itself: 'Change order … to “Visited”?' with the line the customer will be
 * e-mailed (or that nobody is mailed, for a deleted account), and for "designed" the photo
 * picker, the upload's progress and the server's refusal; moving to "designed" before the customer
 * approved says so first (docs/product.md#sign-off-before-cutting). Drawn while `question.asking` is set.
 */
export function StatusQuestion({ order, question }: { order: AdminOrder; question: StatusQuestionState }) {
  const { t } = useTranslation();
  const { asking, addingPhotos, progress, photoError } = question;
  if (asking === null) return null;
  return (
    <ConfirmDialog
      title={
        addingPhotos
          ? t('admin.orders.photos.title', { id: order.orderId })
          : t('admin.orders.confirmStatusTitle', { id: order.orderId, status: t(`orders.statuses.${asking}`) })
      }
      description={
        order.customer
          ? t('admin.orders.confirmStatusMail', {
              name: order.customer.username,
              email: order.customer.email,
              line: t(`admin.orders.mailLines.${asking}`),
            })
          : t('admin.orders.confirmStatusNoMail')
      }
      confirmLabel={t(addingPhotos ? 'admin.orders.photos.send' : 'admin.orders.confirmStatusYes')}
      busy={progress !== null}
      onConfirm={question.confirm}
      onCancel={question.close}
    >
      {/* docs/product.md#sign-off-before-cutting: not blocked, but she has not approved; the server records it. */}
      {asking === 'designed' && !addingPhotos && order.signOff?.state !== 'approved' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="designed-unapproved">
          {t('admin.signOff.designedWarning')}
        </p>
      )}
      {asking === 'designed' && (
        <>
          <DesignedPhotosPicker files={question.photos} onChange={question.setPhotos} disabled={progress !== null} />
          {progress !== null && <UploadProgress fraction={progress} />}
          {photoError && (
            <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-medium">{photoError}</p>
              <p>{t('admin.orders.photos.kept')}</p>
            </div>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
