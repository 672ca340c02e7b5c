/**
 * The shop's own mailbox during an e2e run: the shop runs with `SHOP_EMAIL` set to it, so the
 * mails meant for the shop (new order, cancellation, contact form) land in the SMTP capture
 * under this address (DESIGN.md configuration; issue "Shopping and ordering" §5, §6).
 */
export const SHOP_EMAIL = 'shop@thaiyal.test';
