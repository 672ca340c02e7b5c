import type { CartResponse, MeasurementProfile, Order } from '@thaiyal/contract';

type OrderItem = Order['items'][number];
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { putInCart } from '../../features/cart/api/put-in-cart';
import { updateLine } from '../../features/checkout/checkout-draft';
import { profilesQuery } from '../../features/measurements/api/profiles';
import { paths } from '../../lib/paths';
import { productName } from '../../lib/product-text';
import { CART_KEY, RECOMMENDATIONS_KEY } from '../../lib/query-keys';

/** One garment of the order to put in the cart again: its product, how many, and the line it came from. */
interface AgainLine {
  productId: string;
  quantity: number;
  item: OrderItem;
}

/**
 * The order's lines the shop still sells, one per product (quantities of a product added up),
 * and the names of those it no longer sells (no product, or no category: deleted or hidden,
 * contract `OrderItemSchema.category`).
 */
function splitLines(order: Order, language: string): { lines: AgainLine[]; gone: string[] } {
  const lines = new Map<string, AgainLine>();
  const gone: string[] = [];
  for (const item of order.items) {
    if (!item.productId || item.category === null) {
      gone.push(productName(item, language));
      continue;
    }
    const line = lines.get(item.productId);
    if (line) line.quantity += item.quantity;
    else lines.set(item.productId, { productId: item.productId, quantity: item.quantity, item });
  }
  return { lines: [...lines.values()], gone };
}

/**
 * The checkout draft's details for a line ordered again (docs/product.md#stitching-details): the
 * same fabric, lining and notes; the profile of the same name if she still has one, else measured
 * at the visit (an order keeps a copy of the profile, not the profile). Reference pictures stay
 * with the order they were sent for (each picture belongs to one order line).
 */
function againDraft(item: OrderItem, profiles: readonly MeasurementProfile[]) {
  const { stitching } = item;
  const profile = stitching.profile ? profiles.find((one) => one.name === stitching.profile?.name) : undefined;
  return { profileId: profile?._id ?? null, fabric: stitching.fabric, lining: stitching.lining, notes: stitching.notes, pictures: [] };
}

/**
 * "Order again" on a delivered order (docs/product.md#my-orders): puts the same garments, in the
 * same quantities, in her cart through the cart API, one after another, with each line's stitching
 * details in the checkout draft (where checkout reads them), then takes her to the cart. Products
 * the shop no longer sells are skipped and named in a message; when none is left she stays on
 * My Orders with that message. A failed request leaves what was added and says so.
 * @returns `orderAgain(order)` and the order number being added (null when idle), for the button's busy state.
 */
export function useOrderAgain(): { orderAgain: (order: Order) => Promise<void>; busyOrderId: string | null } {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busyOrderId, setBusyOrderId] = useState<string | null>(null);

  const orderAgain = async (order: Order) => {
    const { lines, gone } = splitLines(order, i18n.resolvedLanguage ?? i18n.language);
    setBusyOrderId(order.orderId);
    try {
      const wantsProfile = lines.some((line) => line.item.stitching.profile !== null);
      const profiles = wantsProfile ? await queryClient.fetchQuery(profilesQuery) : [];
      let cart: CartResponse | undefined;
      for (const line of lines) {
        const answer = await putInCart(line.productId, line.quantity);
        if (answer === 'gone') {
          gone.push(productName(line.item, i18n.resolvedLanguage ?? i18n.language));
          continue;
        }
        cart = answer;
        updateLine(line.productId, againDraft(line.item, profiles));
      }
      if (!cart) {
        toast.error(t('myOrders.againNoneLeft'));
        return;
      }
      queryClient.setQueryData(CART_KEY, cart);
      void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
      const hadPictures = order.items.some((item) => item.stitching.pictures.length > 0);
      const notes = [
        t('myOrders.againAdded'),
        ...(gone.length > 0 ? [t('myOrders.againSkipped', { names: gone.join(', ') })] : []),
        ...(hadPictures ? [t('myOrders.againPictures')] : []),
      ];
      toast.success(notes.join(' '));
      await navigate(paths.cartpage);
    } catch {
      toast.error(t('myOrders.againFailed'));
    } finally {
      setBusyOrderId(null);
    }
  };
  return { orderAgain, busyOrderId };
}
