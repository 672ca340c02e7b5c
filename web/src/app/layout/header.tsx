import { listQueryString } from '@thaiyal/contract/catalog';
import { LIMITS } from '@thaiyal/contract/limits';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CartIcon, HeartIcon, LockIcon, MenuIcon, SearchIcon } from '../../components/ui/icons';
import { useAuth } from '../../features/auth/api/auth-check';
import { setLanguage, type Language } from '../../i18n';
import { useCart } from '../../features/cart/api/cart';
import { paths } from '../../lib/paths';
import { rememberThisPage } from '../../lib/sign-in-intent';
import { cutName } from '../../lib/text';

/** Props of the header. */
export interface HeaderProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
  /** The pointer is near the menu toggle: a chance to fetch the drawer's code early. */
  onMenuIntent?: () => void;
  /** The menu toggle, so the drawer can return focus to it. */
  toggleRef?: Ref<HTMLButtonElement>;
}

// 32 px round targets on a phone (WCAG 2.5.8 asks 24), so brand, search, cart, wishlist, sign-in,
// the language switch and the menu fit a 360-px screen in Tamil.
const iconLink =
  'relative grid size-8 place-items-center rounded-full text-rose-950 hover:bg-rose-100 focus-visible:outline-3 focus-visible:outline-rose-700 sm:size-10';

/**
 * The header's search on a wide screen (docs/product.md#header): a `role="search"` form with a
 * labelled field that opens `/search?q={words}` (a plain GET form before the script has come).
 * Words are trimmed; none opens the search page with its suggestions.
 */
function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = listQueryString({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
    event.currentTarget.reset();
    void navigate(next ? `${paths.search}?${next}` : paths.search);
  }
  return (
    <form role="search" method="get" action={paths.search} onSubmit={search} className="mr-1 hidden items-center lg:flex">
      <label htmlFor="header-search" className="sr-only">
        {t('nav.searchLabel')}
      </label>
      <input
        id="header-search"
        name="q"
        type="search"
        maxLength={LIMITS.maxSearchLength}
        enterKeyHint="search"
        placeholder={t('nav.search')}
        className="w-52 rounded-l-full border border-r-0 border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-900 focus-visible:outline-3 focus-visible:outline-rose-700"
      />
      <button
        type="submit"
        aria-label={t('nav.search')}
        className="grid h-[34px] w-10 place-items-center rounded-r-full border border-stone-300 bg-white text-rose-950 hover:bg-rose-100 focus-visible:outline-3 focus-visible:outline-rose-700"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </form>
  );
}

/** What the header's language switch shows for each language, in that language. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ta: 'தமிழ்' };

/**
 * The site header (docs/product.md#header): brand 'Thaiyal' → /, search (a field on a wide screen,
 * else a magnifying glass → /search; neither on the search page, which has its own field), cart icon with a line-count
 * badge when the signed-in cart holds at least one line, heart → /wishlist, a Dashboard button
 * with a lock icon for admins only, the username cut to 6 characters plus '..' (or 'signin' →
 * /signin), the switch to the other language (named in that language; kept in a cookie the
 * server reads: docs/product.md#languages) and the menu toggle.
 */
export function Header({ menuOpen, onMenuToggle, onMenuIntent, toggleRef }: HeaderProps) {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.language === 'ta' ? 'en' : 'ta';
  const { user, isAdmin } = useAuth();
  const cart = useCart(user !== null);
  const lines = cart.data?.items.length ?? 0;
  const onSearchPage = useLocation().pathname === paths.search;

  return (
    <header className="sticky top-0 z-30 border-b border-rose-900/10 bg-amber-50">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-0.5 px-2 sm:h-16 sm:gap-1 sm:px-4">
        <Link
          to={paths.home}
          className="mr-auto rounded font-serif text-lg font-bold sm:text-2xl tracking-wide text-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
        >
          {t('brand')}
        </Link>
        {isAdmin && (
          <Link
            to={paths.adminOnly}
            className="mr-1 inline-flex items-center gap-1 rounded-full bg-rose-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-rose-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 sm:text-sm"
          >
            <LockIcon width={16} height={16} />
            {/* On a phone the lock alone, named for screen readers: the row must fit 360 px. */}
            <span className="sr-only sm:not-sr-only">{t('nav.dashboard')}</span>
          </Link>
        )}
        {!onSearchPage && (
          <>
            <HeaderSearch />
            <Link to={paths.search} className={`${iconLink} lg:hidden`} aria-label={t('nav.search')}>
              <SearchIcon />
            </Link>
          </>
        )}
        <Link to={paths.cartpage} className={iconLink} aria-label={t('nav.cartWithCount', { count: lines })}>
          <CartIcon />
          {lines >= 1 && (
            <span
              data-testid="cart-badge"
              className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-rose-700 px-1 text-[11px] leading-5 font-bold text-white"
            >
              {lines}
            </span>
          )}
        </Link>
        <Link to={paths.wishlist} className={iconLink} aria-label={t('nav.wishlist')}>
          <HeartIcon />
        </Link>
        {user ? (
          <span className="px-1 text-sm font-medium whitespace-nowrap text-rose-950" title={user.username}>
            {cutName(user.username, LIMITS.headerNameChars)}
          </span>
        ) : (
          <Link
            to={paths.signin}
            onClick={rememberThisPage}
            className="rounded-full px-2 py-1 text-sm font-semibold text-rose-900 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-rose-700"
          >
            {t('nav.signin')}
          </Link>
        )}
        <button
          type="button"
          lang={other}
          onClick={() => void setLanguage(other)}
          className="rounded-full px-1.5 py-1 text-xs font-semibold text-rose-900 ring-1 ring-rose-800/40 hover:bg-rose-100 sm:px-2 sm:text-sm focus-visible:outline-3 focus-visible:outline-rose-700"
        >
          {LANGUAGE_NAMES[other]}
        </button>
        <button
          ref={toggleRef}
          type="button"
          onClick={onMenuToggle}
          onPointerEnter={onMenuIntent}
          onTouchStart={onMenuIntent}
          onFocus={onMenuIntent}
          aria-expanded={menuOpen}
          aria-controls="site-drawer"
          aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
          className={iconLink}
        >
          <MenuIcon />
        </button>
      </div>
    </header>
  );
}
