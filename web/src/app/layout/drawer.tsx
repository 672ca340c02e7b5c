import { LIMITS } from '@thaiyal/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { AnimatePresence, domAnimation, LazyMotion, m, MotionConfig } from 'motion/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CategoryMenu } from '../../features/catalog/components/category-menu';
import { Button } from '../../components/ui/button';
import { CloseIcon, PinIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { useAuth } from '../../features/auth/api/auth-check';
import { useLogout } from '../../features/auth/api/logout';
import { setLanguage, type Language } from '../../i18n';
import { useShopInfo } from '../../features/contact/api/shop-info';
import { paths } from '../../lib/paths';
import { forgetOwnerDay } from '../../lib/owner-day';
import { countUnsentSaves } from '../../lib/unsent-saves';
import { serverMessage } from '../../lib/server-message';
import { rememberThisPage } from '../../lib/sign-in-intent';
import { cutName } from '../../lib/text';
import { clearSession } from '../session';

/** Props of the drawer. */
export interface DrawerProps {
  open: boolean;
  onClose: () => void;
}

const linkClass =
  'block rounded-lg px-3 py-2.5 font-medium text-stone-800 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700';

function DrawerLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  );
}

/**
 * The side drawer (docs/product.md#drawer): slides in from the right on a spring (stiffness 250,
 * damping 18, docs/product.md#limits); shows the username cut to 13 characters plus '..' or 'signin', the
 * service-area note with a 'more info' button → /delivery, the links (My Wishlist only when
 * signed in), the language toggle and Logout or Signin. It closes on an outside click, on
 * page scroll and on Escape; the layout closes it on every route change. Loaded on demand,
 * so its animation code stays out of the home page's first load.
 */
export default function Drawer({ open, onClose }: DrawerProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  useDismissOnScrollAndEscape(open, onClose, panelRef);

  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <AnimatePresence>
          {open && (
            <div className="fixed inset-0 z-40">
              <m.div
                className="absolute inset-0 bg-stone-950/40"
                onClick={onClose}
                aria-hidden="true"
                data-testid="drawer-backdrop"
                initial={{ opacity: 0 }}
                animate={{ opacity: 1 }}
                exit={{ opacity: 0 }}
              />
              <m.div
                ref={panelRef}
                id="site-drawer"
                role="dialog"
                aria-modal="true"
                aria-label={t('nav.menu')}
                className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-amber-50 shadow-2xl"
                initial={{ x: '100%' }}
                animate={{ x: 0 }}
                exit={{ x: '100%' }}
                transition={{ type: 'spring', ...LIMITS.drawerSpring }}
              >
                <DrawerHeader onClose={onClose} />
                <ServiceAreaNote />
                <DrawerNav onClose={onClose} />
                <div className="space-y-3 border-t border-rose-900/10 p-4">
                  <LanguageToggle />
                  <LogoutOrSignin onClose={onClose} />
                </div>
              </m.div>
            </div>
          )}
        </AnimatePresence>
      </MotionConfig>
    </LazyMotion>
  );
}

/**
 * While the drawer is open: a page scroll and Escape close it, Tab stays inside it (a modal
 * dialog), and focus starts on its close button. Listens only while open.
 */
function useDismissOnScrollAndEscape(open: boolean, onClose: () => void, panelRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onScroll = () => onClose();
    const onKey = (event: KeyboardEvent) => {
      // Escape inside a question the drawer asks (sign-out with saves waiting) answers that question only.
      if (event.key === 'Escape' && !panelRef.current?.querySelector('dialog[open]')) onClose();
      if (event.key === 'Tab') trapFocus(event, panelRef.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('keydown', onKey);
    panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose, panelRef]);
}

/** The username cut to 13 characters plus '..' (the whole name as its title), or 'signin'; and the close button. */
function DrawerHeader({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="flex items-center justify-between border-b border-rose-900/10 p-4">
      {user ? (
        <p className="font-serif text-lg font-semibold text-rose-950" title={user.username}>
          {cutName(user.username, LIMITS.drawerNameChars)}
        </p>
      ) : (
        <Link
          to={paths.signin}
          onClick={rememberThisPage}
          className="font-serif text-lg font-semibold text-rose-900 underline-offset-2 hover:underline"
        >
          {t('nav.signin')}
        </Link>
      )}
      <button
        type="button"
        onClick={onClose}
        data-autofocus
        aria-label={t('nav.closeMenu')}
        className="grid size-10 place-items-center rounded-full text-rose-950 hover:bg-rose-100 focus-visible:outline-3 focus-visible:outline-rose-700"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** 'Service available only in Pollachi' with its 'more info' button → /delivery. */
function ServiceAreaNote() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // Wraps: a longer language's button goes under the note, never out of the box.
    <div className="m-4 flex flex-wrap items-center gap-2 rounded-xl bg-rose-100 p-3 text-sm text-rose-950">
      <PinIcon width={20} height={20} className="shrink-0" />
      <p className="min-w-0 flex-1 basis-40">{t('nav.serviceArea')}</p>
      <button
        type="button"
        onClick={() => void navigate(paths.delivery)}
        className="ml-auto max-w-full shrink-0 rounded-full bg-rose-800 px-3 py-1 text-xs font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        {t('nav.moreInfo')}
      </button>
    </div>
  );
}

/**
 * The drawer's links (My Wishlist, My Orders and My measurements when signed in, the dashboard
 * for an admin, the portfolio when the shop has one) and the category menu, which closes the
 * drawer when a category is followed.
 */
function DrawerNav({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user, isAdmin } = useAuth();
  const portfolioHref = useShopInfo().data?.portfolioHref;
  return (
    <nav aria-label={t('nav.menu')} className="flex-1 px-2">
      <ul className="space-y-0.5">
        <DrawerLink to={paths.home}>{t('nav.home')}</DrawerLink>
        <DrawerLink to={paths.featured}>{t('nav.featured')}</DrawerLink>
        <DrawerLink to={paths.search}>{t('nav.search')}</DrawerLink>
        {user && <DrawerLink to={paths.wishlist}>{t('nav.myWishlist')}</DrawerLink>}
        <DrawerLink to={paths.cartpage}>{t('nav.cart')}</DrawerLink>
        {user && <DrawerLink to={paths.myOrders}>{t('nav.myOrders')}</DrawerLink>}
        {user && <DrawerLink to={paths.measurements}>{t('nav.myMeasurements')}</DrawerLink>}
        {isAdmin && <DrawerLink to={paths.adminOnly}>{t('nav.dashboard')}</DrawerLink>}
        <DrawerLink to={paths.info.customTailoring}>{t('info.customTailoring.title')}</DrawerLink>
        <DrawerLink to={paths.delivery}>{t('info.delivery.title')}</DrawerLink>
        <DrawerLink to={paths.contact}>{t('info.contact.title')}</DrawerLink>
        {portfolioHref && (
          <li>
            <a href={portfolioHref} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {t('nav.portfolio')} <span aria-hidden="true">↗</span>
            </a>
          </li>
        )}
      </ul>
      <h2 className="mt-3 px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('nav.categories')}</h2>
      <CategoryMenu onNavigate={onClose} />
    </nav>
  );
}

/** EN and தமிழ், the page's language pressed (docs/product.md#languages). */
function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  return (
    <div role="group" aria-label={t('nav.language')} className="flex gap-2">
      {(['en', 'ta'] as const).map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={language === lng}
          onClick={() => void setLanguage(lng)}
          className={`flex-1 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-rose-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${language === lng ? 'bg-rose-800 text-white' : 'text-rose-900 hover:bg-rose-100'}`}
        >
          {lng === 'en' ? 'EN' : 'தமிழ்'}
        </button>
      ))}
    </div>
  );
}

/**
 * Logout for a signed-in shopper (the session's data is cleared, the owner's day kept on the phone removed, the drawer closes and home
 * follows; a failure toasts the server's message or 'Logout failed'), else Signin. When measurement saves typed offline are still on
 * the phone (docs/decisions/024-owners-day-offline.md#the-queue), signing out would remove them: {@link UnsentSavesQuestion} asks first.
 */
function LogoutOrSignin({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [unsent, setUnsent] = useState(0);

  const onLogout = () => {
    setChecking(true);
    void countUnsentSaves().then((count) => {
      setChecking(false);
      if (count > 0) setUnsent(count);
      else signOut();
    });
  };

  const signOut = () => {
    setUnsent(0);
    logout.mutate(undefined, {
      onSuccess: () => {
        clearSession(queryClient);
        // The owner's day kept on this phone goes with her (docs/security.md#the-owners-day-on-her-phone): the phone may be shared.
        forgetOwnerDay();
        onClose();
        void navigate(paths.home);
      },
      onError: (error) => {
        toast.error(serverMessage(error, t) ?? t('errors.logoutFailed'));
      },
    });
  };

  if (!user) {
    return (
      <Link
        to={paths.signin}
        onClick={rememberThisPage}
        className="block w-full rounded-full bg-rose-800 px-4 py-2 text-center font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        {t('nav.signinButton')}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={onLogout}
        disabled={logout.isPending || checking}
        className="w-full rounded-full border border-rose-800 px-4 py-2 font-semibold text-rose-900 hover:bg-rose-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:opacity-60"
      >
        {t('nav.logout')}
      </button>
      {unsent > 0 && <UnsentSavesQuestion count={unsent} onSignOut={signOut} onStay={() => setUnsent(0)} />}
    </>
  );
}

/**
 * "N measurement saves have not been sent yet. Signing out removes them from this phone." with
 * Stay (focused first, and Escape: a stray Enter loses nothing) and Sign out anyway
 * (docs/security.md#the-owners-day-on-her-phone: sign-out removes the owner's day from the phone).
 */
function UnsentSavesQuestion({ count, onSignOut, onStay }: { count: number; onSignOut: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={bodyId} onDismiss={onStay}>
      <div className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {t('nav.unsentTitle', { count })}
        </h2>
        <p id={bodyId} className="text-stone-700">
          {t('nav.unsentBody', { count })}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={onStay}>
            {t('nav.stay')}
          </Button>
          <Button onClick={onSignOut}>{t('nav.signOutAnyway')}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Keeps Tab inside the open drawer (a modal dialog). */
function trapFocus(event: KeyboardEvent, panel: HTMLElement | null): void {
  if (!panel) return;
  const focusable = panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
