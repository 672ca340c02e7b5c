import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PlaceOrderBody } from '@thaiyal/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CART_KEY } from '../../features/cart/api/cart';
import { productQuery } from '../../features/catalog/api/product';
import { clearCheckoutDraft, lineDraft, stitchingBody, type CheckoutDraft } from '../../features/checkout/checkout-draft';
import { celebrateOrder } from '../../features/checkout/confetti';
import {
  clearTemporaryOrder,
  getTemporaryOrder,
  refreshTemporaryOrder,
  type CurrentProduct,
  type TemporaryOrder,
  type TemporaryOrderChanges,
  type TemporaryOrderItem,
} from '../../features/checkout/temporary-order';
import { usePlaceOrder } from '../../features/orders/api/place-order';
import { ApiError, isApiStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ORDERS_KEY } from '../../lib/query-keys';
import { serverMessage } from '../../lib/server-message';

/**
 * Whether each line's product offers the shop's fabric (its price includes the fabric,
 * docs/product.md#stitching-details), by product id; false until the catalog answers, or for
 * a product it no longer sells.
 */
export function useOffersShopFabric(items: TemporaryOrderItem[]): Map<string, boolean> {
  const products = useQueries({ queries: items.map((item) => productQuery(item.productID)) });
  return new Map(
    items.map((item, index) => {
      const product = products[index]?.data;
      return [item.productID, typeof product === 'object' && product !== null && product.priceIncludesFabric];
    }),
  );
}

/**
 * Each product's current name, price and first picture from the catalog (`GET /api/product/:id`,
 * fetched afresh, never from the cache), `null` for a product no longer sold. A lookup that
 * fails otherwise is left out of the map, so its line is kept as it was.
 */
async function currentProducts(queryClient: QueryClient, ids: string[]): Promise<Map<string, CurrentProduct | null>> {
  const found = await Promise.allSettled(ids.map((id) => queryClient.fetchQuery({ ...productQuery(id), staleTime: 0 })));
  const current = new Map<string, CurrentProduct | null>();
  found.forEach((result, index) => {
    if (result.status === 'rejected') return;
    const product = result.value;
    // A hidden product ('unavailable') is no longer sold, as a deleted one (docs/product.md#hidden-products).
    current.set(
      ids[index]!,
      product && product !== 'unavailable'
        ? { name: product.name, nameTa: product.nameTa, price: product.price, image: product.images[0] ?? '' }
        : null,
    );
  });
  return current;
}

/** The re-pricing of the temporary order after the server refused it, and what it changed. */
export interface CatalogRefresh {
  /** While the catalog is asked: Place Order says so and waits. */
  refreshing: boolean;
  /** What the last refresh changed (new prices, lines taken out); null before any. */
  changes: TemporaryOrderChanges | null;
  /** Re-prices the temporary order from the catalog's current products, dropping lines no longer sold. */
  refresh: () => Promise<TemporaryOrderChanges>;
}

/** Recovery of docs/product.md#place-order: the temporary order re-priced from the catalog after a 409 or a 404. */
export function useCatalogRefresh(): CatalogRefresh {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [changes, setChanges] = useState<TemporaryOrderChanges | null>(null);
  const refresh = async (): Promise<TemporaryOrderChanges> => {
    setRefreshing(true);
    try {
      const ids = getTemporaryOrder().items.map((item) => item.productID);
      const refreshed = refreshTemporaryOrder(await currentProducts(queryClient, ids));
      setChanges(refreshed);
      return refreshed;
    } finally {
      setRefreshing(false);
    }
  };
  return { refreshing, changes, refresh };
}

/**
 * The account's own visit limits (docs/product.md#home-visit-slot, docs/security.md finding 10):
 * their message already says what to do (one order, or "call me", which the picker goes back to),
 * so 'pick another time' is not added.
 */
const OWN_VISIT_LIMITS: ReadonlySet<string> = new Set(['visit.alreadyBooked', 'visit.tooManyOpenVisits']);

/** What the page does when the server refuses the order. */
interface RefusalHandlers {
  /**
   * A slot that filled, started or closed meanwhile (409 `visit.*`): the message, in her language,
   * with 'pick again'; or the account's own visit limits (409, 429 `visit.*`): the message alone.
   */
  onVisitRefused: (message: string) => void;
  refreshFromCatalog: () => Promise<TemporaryOrderChanges>;
}

/**
 * The answer to a refused order (docs/product.md#place-order, docs/product.md#messages): a visit
 * refusal (the account's visit limits included, 409 or 429) goes to the visit picker; a stitching refusal and the account's order limits (429)
 * toast the server's message; a 409 toasts the current total and re-prices the order; a 404
 * re-prices it (a deleted product also left the cart) and says 'Error in place Order' only
 * when no line was taken out; anything else 'Error in place Order'.
 */
function answerRefusal(error: Error, t: TFunction, queryClient: QueryClient, handlers: RefusalHandlers): void {
  if (error instanceof ApiError && error.reason?.startsWith('visit.')) {
    const message = serverMessage(error, t) ?? error.message;
    handlers.onVisitRefused(OWN_VISIT_LIMITS.has(error.reason) ? message : `${message} ${t('tailoring.pickAgain')}`);
    return;
  }
  if (error instanceof ApiError && error.reason?.startsWith('stitching.')) {
    toast.error(serverMessage(error, t) ?? error.message);
    return;
  }
  if (isApiStatus(error, 409) && error instanceof ApiError) {
    // The current total, in the shopper's language (docs/product.md#languages).
    toast.error(serverMessage(error, t) ?? error.message);
    void queryClient.invalidateQueries({ queryKey: CART_KEY });
    void handlers.refreshFromCatalog();
    return;
  }
  if (isApiStatus(error, 429) && error instanceof ApiError) {
    // Over the account's order limits: the server says which, in the shopper's language.
    toast.error(serverMessage(error, t) ?? error.message);
    return;
  }
  if (isApiStatus(error, 404)) {
    // A deleted product also left the cart (its lines go with it on the server).
    void queryClient.invalidateQueries({ queryKey: CART_KEY });
    void handlers.refreshFromCatalog().then((refreshed) => {
      if (refreshed.removed.length === 0) toast.error(t('errors.placeOrderFailed'));
    });
    return;
  }
  toast.error(t('errors.placeOrderFailed'));
}

/**
 * The order as `POST /api/orders` and `POST /api/orders/quote` take it, without the total: each
 * line with its stitching details (the shop's fabric only where the product offers it), the visit
 * and her function date (docs/product.md#dates-a-tailor-promises).
 */
export function orderBody(
  order: TemporaryOrder,
  draft: CheckoutDraft,
  offersShopFabric: Map<string, boolean>,
): Omit<PlaceOrderBody, 'totalAmt'> {
  return {
    items: order.items.map((item) => ({
      productId: item.productID,
      quantity: item.quantity,
      stitching: stitchingBody(lineDraft(draft, item.productID), offersShopFabric.get(item.productID) ?? false),
    })),
    visit: draft.visit,
    // Sent only when she gave one: the body without it is the order as before function dates.
    ...(draft.neededBy ? { neededBy: draft.neededBy } : {}),
  };
}

/** Place Order and whether it is under way (sent, or the confetti playing). */
export interface OrderPlacing {
  place: () => void;
  pending: boolean;
}

/**
 * Place Order (docs/product.md#place-order): sends `POST /api/orders` with each line's stitching
 * details (the shop's fabric only where the product offers it), the visit and her function date ({@link orderBody}); on success 100
 * confetti pieces play for 1.7 s, the temporary order and the draft are cleared and the order's
 * confirmation screen follows (docs/product.md#order-confirmation). A refusal is answered by
 * {@link answerRefusal}.
 */
export function useOrderPlacing(
  order: TemporaryOrder,
  draft: CheckoutDraft,
  offersShopFabric: Map<string, boolean>,
  handlers: RefusalHandlers,
): OrderPlacing {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const [celebrating, setCelebrating] = useState(false);

  const place = () =>
    placeOrder.mutate(
      { ...orderBody(order, draft, offersShopFabric), totalAmt: order.totalAmount },
      {
        onSuccess: async (placed) => {
          setCelebrating(true);
          // The ordered lines left the cart on the server.
          void queryClient.invalidateQueries({ queryKey: CART_KEY });
          toast.success(t('placeOrder.placed'));
          await celebrateOrder();
          clearTemporaryOrder();
          clearCheckoutDraft();
          void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          void navigate(paths.orderPlaced(placed.orderId));
        },
        onError: (error) => answerRefusal(error, t, queryClient, handlers),
      },
    );

  return { place, pending: placeOrder.isPending || celebrating };
}
