import type { Product } from '@thaiyal/contract';
import { lazy, Suspense, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HeartIcon, PinIcon, ShareIcon, TagIcon, TruckIcon } from '../../components/ui/icons';
import { PageTitle } from '../../components/ui/page-title';
import { EmptyState } from '../../components/ui/empty-state';
import { StatusMessage } from '../../components/ui/status-message';
import { useScrolledPast } from '../../components/ui/use-scrolled-past';
import { useAuth } from '../../features/auth/api/auth-check';
import { useCategoryProducts } from '../../features/catalog/api/category-products';
import { useProduct } from '../../features/catalog/api/product';
import { useRecommendedProducts } from '../../features/catalog/api/recommended-products';
import { useProductActions } from '../../features/catalog/components/product-actions';
import { OfferLine } from '../../features/catalog/components/offer-line';
import { ProductGallery } from '../../features/catalog/components/product-gallery';
import { RatingText } from '../../features/catalog/components/rating';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { ProductRow } from '../../features/catalog/components/product-row';
import { shareProduct } from '../../features/catalog/components/share';
import { ReviewBox } from '../../features/reviews/components/review-box';
import { ReviewsList } from '../../features/reviews/components/reviews-list';
import { useShopInfo } from '../../features/contact/api/shop-info';
import { absoluteUrl, paths } from '../../lib/paths';
import { productDescription, productName } from '../../lib/product-text';
import { formatRupees } from '../../lib/text';
import { withWhatsappText } from '../../lib/whatsapp';
import { useHttpStatus } from '../render-context';
import {
  useFinishSignInAction,
  usePurchaseActions,
  useReviewAction,
  type PurchaseActions,
  type ReviewAction,
} from './product-page-actions';

const primaryButton =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-full px-5 py-3 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:opacity-60';

/**
 * The product detail page (docs/product.md#product-detail): gallery with a full-screen viewer,
 * name, rating, description, ₹ price, the offer line (only with an MRP above the price) and Free delivery, wishlist / Share / Add to cart / Buy now,
 * reviews and the review box, more of the same category and the 'Tailored for You' strip.
 * A missing product (404 or a malformed id) shows 'Product not found'.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const { viewID = '' } = useParams();
  const product = useProduct(viewID);

  if (product.isPending) return <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>;
  if (product.data === 'unavailable') return <ProductNotFound unavailable />;
  if (product.isError || !product.data) return <ProductNotFound />;
  return <ProductDetail key={product.data._id} product={product.data} />;
}

/** The pin-code check's code, fetched when the shopper opens it (or points at it): not in the first load. */
const loadPinCheck = () => import('../../features/checkout/components/pin-check');
const PinCheck = lazy(loadPinCheck);

/**
 * "Do we visit your area?" (docs/product.md#service-area): a button that opens the pin-code
 * check, whose code and strings load on demand; closed on the server and at first paint.
 */
function AreaCheck() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const whatsappHref = useShopInfo().data?.whatsappHref;
  return (
    <div className="space-y-3">
      <button
        type="button"
        aria-expanded={open}
        onPointerEnter={() => void loadPinCheck()}
        onFocus={() => void loadPinCheck()}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold text-rose-900 ring-1 ring-rose-800/40 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        <PinIcon width={18} height={18} />
        {t('product.areaCheck')}
      </button>
      {open && (
        <Suspense fallback={<p className="text-sm text-stone-600">{t('common.loading')}</p>}>
          <PinCheck whatsappHref={whatsappHref} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * "Ask about this design" (docs/product.md#product-detail): a WhatsApp link to the shop (its
 * number from shop-info) with a message in the page's language naming the design; the design's
 * own link is added when the link is followed, since the page's origin is only known in the
 * browser. A link only: nothing is sent by the shop.
 */
function AskAboutDesign({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const whatsappHref = useShopInfo().data?.whatsappHref;
  if (!whatsappHref) return null;
  const text = (url: string) => t('product.askText', { name: productName(product, i18n.language), url });
  return (
    <a
      href={withWhatsappText(whatsappHref, text(''))}
      onClick={(event) => {
        event.currentTarget.href = withWhatsappText(whatsappHref, text(absoluteUrl(paths.view(product._id, product.category))));
      }}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-800/40 hover:bg-emerald-50"
      data-testid="ask-whatsapp"
    >
      {t('product.askWhatsapp')}
    </a>
  );
}

/**
 * 'Product not found', or for a product the shop has hidden 'This design is not available now'
 * (docs/product.md#hidden-products), answered with HTTP 404 when rendered on the server, with
 * links on to the catalog.
 */
function ProductNotFound({ unavailable = false }: { unavailable?: boolean }) {
  const { t } = useTranslation();
  useHttpStatus(404);
  const heading = unavailable ? t('product.unavailable') : t('product.notFound');
  return (
    <div className="py-10 text-center">
      <PageTitle title={heading} />
      <h1 className="font-serif text-2xl font-semibold text-rose-950">{heading}</h1>
      <EmptyState>{unavailable ? t('product.unavailableWayOn') : t('product.notFoundWayOn')}</EmptyState>
    </div>
  );
}

function StaticLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-stone-700">
      <span className="text-rose-800">{icon}</span>
      {children}
    </li>
  );
}

/**
 * A product's page once it is found: the gallery beside its summary and buttons, the bottom
 * bar on a phone, the reviews, more of its category and 'Tailored for You'.
 */
function ProductDetail({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  // The shop's Tamil text on a Tamil page, else the English (docs/product.md#languages).
  const name = productName(product, i18n.language);
  const description = productDescription(product, i18n.language);
  const purchase = usePurchaseActions(product);
  const review = useReviewAction(product);
  useFinishSignInAction(product, purchase, review);
  // On a phone the price and the two buttons stay at hand: once the page's own buttons have
  // been scrolled past, a bar at the bottom repeats them. Not while they are still below the
  // first screen: there the bar would cover the price and what it pays for on first load.
  const buyButtonsRef = useRef<HTMLDivElement>(null);
  const buyButtonsHidden = useScrolledPast(buyButtonsRef);

  return (
    <div className="space-y-10 pb-16 md:pb-0">
      <PageTitle title={name} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={name} />
        <div className="space-y-4">
          <ProductSummary product={product} name={name} description={description} />
          <WishlistAndShare product={product} name={name} description={description} />
          <BuyButtons ref={buyButtonsRef} purchase={purchase} />
          <p className="text-sm text-stone-600">{t('product.codNote')}</p>
          <AreaCheck />
          <AskAboutDesign product={product} />
        </div>
        {buyButtonsHidden && <StickyBuyBar price={product.price} purchase={purchase} />}
      </div>
      <ProductReviews reviews={product.reviews} review={review} />
      <SameCategory product={product} />
      <TailoredForYou product={product} />
    </div>
  );
}

/** The product's name as the page heading, its rating, ₹ price and what it pays for, description, offer and Free delivery. */
function ProductSummary({ product, name, description }: { product: Product; name: string; description: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="font-serif text-2xl font-semibold text-rose-950 sm:text-3xl">{name}</h1>
      <RatingText rating={product.rating} className="text-sm font-medium text-stone-800" />
      <div>
        <p className="text-2xl font-bold text-rose-900">{formatRupees(product.price)}</p>
        <p className="text-sm font-medium text-stone-700">
          {t(product.priceIncludesFabric ? 'product.withFabric' : 'product.stitchingOnly')}
        </p>
      </div>
      <p className="leading-relaxed text-stone-700">{description}</p>
      <ul className="space-y-1.5 text-sm">
        <OfferLine price={product.price} compareAtPrice={product.compareAtPrice} icon={<TagIcon width={18} height={18} />} />
        <StaticLine icon={<TruckIcon width={18} height={18} />}>{t('product.freeDelivery')}</StaticLine>
      </ul>
    </>
  );
}

/** The heart (wishlist, pressed once wishlisted) and Share, with the name and description in the page's language. */
function WishlistAndShare({ product, name, description }: { product: Product; name: string; description: string }) {
  const { t } = useTranslation();
  const { isWishlisted, toggleWishlist } = useProductActions();
  const wishlisted = isWishlisted(product._id);
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={() => toggleWishlist(product)}
        aria-pressed={wishlisted}
        className={`${primaryButton} border border-rose-800 text-rose-900 hover:bg-rose-50`}
      >
        <HeartIcon filled={wishlisted} width={20} height={20} />
        {t(wishlisted ? 'product.wishlisted' : 'product.wishlist')}
      </button>
      <button
        type="button"
        onClick={() => void shareProduct({ ...product, name, description })}
        className={`${primaryButton} border border-stone-400 text-stone-800 hover:bg-stone-50`}
      >
        <ShareIcon width={20} height={20} />
        {t('product.share')}
      </button>
    </div>
  );
}

/** The page's own Add to cart and Buy now; `ref` is watched so the phone's bottom bar shows while they are out of sight. */
function BuyButtons({ ref, purchase }: { ref: Ref<HTMLDivElement>; purchase: PurchaseActions }) {
  const { t } = useTranslation();
  return (
    <div ref={ref} className="flex gap-2">
      <button
        type="button"
        onClick={() => purchase.addToCart()}
        disabled={purchase.adding}
        className={`${primaryButton} bg-amber-400 text-stone-950 hover:bg-amber-300`}
      >
        {t('product.addToCart')}
      </button>
      <button type="button" onClick={purchase.buyNow} className={`${primaryButton} bg-rose-800 text-white hover:bg-rose-900`}>
        {t('product.buyNow')}
      </button>
    </div>
  );
}

/**
 * The phone's bottom bar: the price, Add to cart and Buy now again. A visual shortcut only: the
 * page's own buttons are the ones assistive technology and the keyboard use, so these are
 * hidden from them.
 */
function StickyBuyBar({ price, purchase }: { price: number; purchase: PurchaseActions }) {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-2 border-t border-rose-900/10 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:hidden"
    >
      <p className="shrink-0 text-lg font-bold text-rose-900">{formatRupees(price)}</p>
      <button
        type="button"
        tabIndex={-1}
        onClick={() => purchase.addToCart()}
        disabled={purchase.adding}
        className={`${primaryButton} bg-amber-400 px-3! py-2! text-sm text-stone-950`}
      >
        {t('product.addToCart')}
      </button>
      <button
        type="button"
        tabIndex={-1}
        onClick={purchase.buyNow}
        className={`${primaryButton} bg-rose-800 px-3! py-2! text-sm text-white`}
      >
        {t('product.buyNow')}
      </button>
    </div>
  );
}

/** 'Reviews': the product's reviews beside the box to write one (docs/product.md#reviews). */
function ProductReviews({ reviews, review }: { reviews: Product['reviews']; review: ReviewAction }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reviews-heading" className="grid gap-6 md:grid-cols-2">
      <div className="space-y-3">
        <h2 id="reviews-heading" className="font-serif text-xl font-semibold text-rose-950">
          {t('reviews.title')}
        </h2>
        <ReviewsList reviews={reviews} />
      </div>
      <div className="md:pt-10">
        <ReviewBox key={review.boxKey} onSubmit={review.submit} pending={review.pending} blocked={review.blocked} />
      </div>
    </section>
  );
}

/** More of the product's category, the product itself left out. */
function SameCategory({ product }: { product: Product }) {
  const { t } = useTranslation();
  const sameCategory = useCategoryProducts(product.category);
  const others = sameCategory.data?.filter((item) => item._id !== product._id);
  return (
    <section aria-labelledby="same-category-heading" className="space-y-3">
      <h2 id="same-category-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('product.moreInCategory')}
      </h2>
      <ProductGrid products={others} isLoading={sameCategory.isPending} cardHeadingLevel={3} />
    </section>
  );
}

/** 'Tailored for You' (docs/product.md#recommendations), once the auth check has answered; never the garment being looked at. */
function TailoredForYou({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { user, isLoading: authLoading } = useAuth();
  const recommended = useRecommendedProducts(user?._id ?? null, !authLoading);
  const recommendedOthers = recommended.data?.filter((item) => item._id !== product._id);
  return <ProductRow title={t('product.tailoredForYou')} products={recommendedOthers} isLoading={recommended.isPending} />;
}
