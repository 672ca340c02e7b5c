import { LIMITS } from '@thaiyal/contract/limits';

/**
 * The order celebration (docs/product.md#states-and-transitions Placing an order, docs/product.md#limits): 100 confetti pieces, then after
 * 1.7 s the confetti is cleared and the promise resolves so the caller can move on to
 * /myOrders. canvas-confetti is fetched only here, so it never weighs on the home page.
 * Shoppers who ask for reduced motion get the pause without the animation.
 */
export async function celebrateOrder(): Promise<void> {
  let reset: (() => void) | undefined;
  try {
    const { default: confetti } = await import('canvas-confetti');
    reset = () => confetti.reset();
    void confetti({
      particleCount: LIMITS.confettiPieces,
      spread: 80,
      origin: { y: 0.6 },
      disableForReducedMotion: true,
    });
  } catch {
    // The confetti chunk failed to load: the order is placed all the same.
  }
  await new Promise((resolve) => setTimeout(resolve, LIMITS.orderConfirmDelayMs));
  reset?.();
}
