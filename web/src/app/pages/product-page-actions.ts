import type { Product, User } from '@thaiyal/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/api/auth-check';
import { useAddToCart } from '../../features/cart/api/cart';
import { saveTemporaryOrder } from '../../features/checkout/temporary-order';
import { usePostComment } from '../../features/reviews/api/comment';
import { isApiStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { serverMessage } from '../../lib/server-message';
import { rememberSignInIntent, takeSignInAction, type SignInIntent } from '../../lib/sign-in-intent';
import { checkoutPath } from '../checkout-navigation';

/** The product page's own path with its query: where signing in leads back to. */
function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * docs/product.md#roles-and-permissions: a visitor's add-to-cart and review show the sign-in
 * notice and go to /signin; what she was doing is kept, to be finished on the product once she
 * has signed in (docs/product.md#sign-in). Returns a check that answers the signed-in user, or
 * null after sending the visitor to sign in.
 */
function useRequireUser(): (intent: SignInIntent) => User | null {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  return (intent) => {
    if (user) return user;
    rememberSignInIntent(intent);
    toast.error(t('errors.loginToAdd'));
    void navigate(paths.signin);
    return null;
  };
}

/** The product page's Add to cart and Buy now, for its own buttons and the phone's bottom bar. */
export interface PurchaseActions {
  addToCart: () => void;
  buyNow: () => void;
  /** While the add to cart is on its way: its buttons are disabled. */
  adding: boolean;
}

/**
 * Add to cart (docs/product.md#product-detail): a visitor goes to sign in first; a shopper's
 * line is added and toasted 'Added to cart', or the server's message at the cap of 10 (409), or
 * docs/product.md#messages 'An error occurred while adding to the cart'. Buy now
 * (docs/product.md#states-and-transitions Buy Now): this product alone, quantity 1, as the
 * temporary order, then on to checkout (a visitor to sign in, her intent kept).
 */
export function usePurchaseActions(product: Product): PurchaseActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useHere();
  const { user } = useAuth();
  const requireUser = useRequireUser();
  const addToCart = useAddToCart();

  const onAddToCart = () => {
    if (!requireUser({ returnTo: here, action: 'add-to-cart', productId: product._id })) return;
    addToCart.mutate(product._id, {
      onSuccess: () => {
        toast.success(t('product.addedToCart'));
      },
      // At the cap of 10 the server's message says so (in the shopper's language); any other
      // failure is docs/product.md#messages message.
      onError: (error) => toast.error((isApiStatus(error, 409) ? serverMessage(error, t) : undefined) ?? t('errors.addToCartFailed')),
    });
  };

  const onBuyNow = () => {
    if (!user) rememberSignInIntent({ returnTo: here, action: 'buy-now', productId: product._id });
    if (user) {
      saveTemporaryOrder([
        {
          productID: product._id,
          name: product.name,
          ...(product.nameTa ? { nameTa: product.nameTa } : {}),
          image: product.images[0] ?? '',
          price: product.price,
          quantity: 1,
        },
      ]);
    }
    void navigate(checkoutPath(user));
  };

  return { addToCart: onAddToCart, buyNow: onBuyNow, adding: addToCart.isPending };
}

/** The product page's review box state and its submit. */
export interface ReviewAction {
  /** Sends a review: the trimmed comment and whole stars from 1 to 5. */
  submit: (comment: string, stars: number) => void;
  /** While the review is on its way. */
  pending: boolean;
  /** Once the server refused a review (no delivered order holds the product): the box says so. */
  blocked: boolean;
  /** Changes once a review is taken, so the box starts empty again. */
  boxKey: number;
}

/**
 * A review (docs/product.md#reviews): a visitor goes to sign in with her draft kept; a shopper's
 * review shows at once and is replaced by the server's product (usePostComment), and the box
 * empties; a refusal takes the review back and the box says why.
 */
export function useReviewAction(product: Product): ReviewAction {
  const here = useHere();
  const requireUser = useRequireUser();
  const postComment = usePostComment();
  const [blocked, setBlocked] = useState(false);
  const [boxKey, setBoxKey] = useState(0);

  const submit = (comment: string, stars: number) => {
    const user = requireUser({ returnTo: here, action: 'review', productId: product._id, comment, stars });
    if (!user) return;
    postComment.mutate(
      { productId: product._id, userComment: comment, stars, username: user.username },
      {
        onSuccess: () => setBoxKey((value) => value + 1),
        onError: () => setBlocked(true),
      },
    );
  };

  return { submit, pending: postComment.isPending, blocked, boxKey };
}

/**
 * Back from signing in: finishes, once, what sent the shopper to sign in from this product
 * (docs/product.md#sign-in): its Add to cart, Buy now or review. Runs once the auth check says
 * she is signed in, never during render.
 */
export function useFinishSignInAction(product: Product, purchase: PurchaseActions, review: ReviewAction): void {
  const here = useHere();
  const { user, isLoading } = useAuth();
  const finish = useEffectEvent(() => {
    const intent = takeSignInAction({ at: here, productId: product._id, actions: ['add-to-cart', 'buy-now', 'review'] });
    if (intent?.action === 'add-to-cart') purchase.addToCart();
    else if (intent?.action === 'buy-now') purchase.buyNow();
    else if (intent?.action === 'review') review.submit(intent.comment, intent.stars);
  });
  const signedIn = user !== null && !isLoading;
  useEffect(() => {
    if (signedIn) finish();
  }, [signedIn]);
}
