import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';

/** Props of a modal dialog. */
export interface ModalDialogProps {
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** id of the element that describes it, if any. */
  describedBy?: string;
  /** Escape pressed: close. Without it Escape does nothing (a question that needs an answer). */
  onDismiss?: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element opened with `showModal()`: the page behind
 * is inert, focus stays inside and returns where it was on close, Escape calls `onDismiss`.
 * Page scroll is locked while it is open. Mount it to open it; unmount it to close it.
 */
export function ModalDialog({ labelledBy, describedBy, onDismiss, children, className = '' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useEffectEvent(() => onDismiss?.());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // jsdom has no showModal(); an open dialog is enough there.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      document.body.style.overflow = previousOverflow;
      previousFocus?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/60 ${className}`}
    >
      {children}
    </dialog>
  );
}
