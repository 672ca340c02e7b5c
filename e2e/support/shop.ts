/**
 * The shop's own mailbox during an e2e run: the shop runs with `SHOP_EMAIL` set to it, so the
 * mails meant for the shop (new order, cancellation, contact form) land in the SMTP capture
 * under this address (docs/architecture.md#configuration configuration; docs/product.md#place-order, docs/product.md#my-orders).
 */
export const SHOP_EMAIL = 'shop@thaiyal.test';
