import { PAGE_REDIRECTS, PAGES, pagePath } from '@thaiyal/contract/pages';

/**
 * Every page's path (from the contract's page table, contract/src/pages.ts) and every fixed
 * outside address the app links to. Components never hard-code a URL: they take it from here.
 */

/** Base path of the HTTP API (docs/architecture.md#http-api). */
export const API_BASE = '/api';

/** Client routes, as router patterns (`…Pattern`) and as link builders. */
export const paths = {
  home: PAGES.home.path,
  /** The home page's 'top' anchor (docs/product.md#home). */
  homeTop: `${PAGES.home.path}#top`,
  signin: PAGES.signin.path,
  signup: PAGES.signup.path,
  otp: PAGES.otp.path,
  forgot: PAGES.forgot.path,
  /** Reset-password screen: a web route under the API prefix, linked from the mail. */
  reset: (token: string) => pagePath('reset', { token }),
  category: (slug: string) => pagePath('category', { category: slug }),
  view: (id: string, category: string) => pagePath('product', { viewID: id, category }),
  cartpage: PAGES.cart.path,
  wishlist: PAGES.wishlist.path,
  address: PAGES.address.path,
  confirmAddress: PAGES.confirmAddress.path,
  placeorder: PAGES.placeOrder.path,
  myOrders: PAGES.myOrders.path,
  /** The confirmation screen of a placed order (docs/product.md#order-confirmation). */
  orderPlaced: (orderId: string) => pagePath('orderPlaced', { orderId }),
  measurements: PAGES.measurements.path,
  /** Her measurement profiles, with the way back to `returnTo` once one is saved (docs/product.md#measurement-profiles). */
  measurementsReturningTo: (returnTo: string) => `${PAGES.measurements.path}?returnTo=${encodeURIComponent(returnTo)}`,
  featured: PAGES.featured.path,
  /** The search page (docs/product.md#search), from the header and the empty states. */
  search: PAGES.search.path,
  delivery: PAGES.delivery.path,
  contact: PAGES.contact.path,
  adminOnly: PAGES.admin.path,
  info: {
    customTailoring: PAGES.customTailoring.path,
    bridalAttire: PAGES.bridalAttire.path,
    alterations: PAGES.alterations.path,
    fabricConsultation: PAGES.fabricConsultation.path,
    opportunities: PAGES.opportunities.path,
    collaborators: PAGES.collaborators.path,
    showcase: PAGES.showcase.path,
    getInTouch: PAGES.getInTouch.path,
    ourStory: PAGES.ourStory.path,
    whyChooseUs: PAGES.whyChooseUs.path,
    customerCommitment: PAGES.customerCommitment.path,
    dataPrivacy: PAGES.dataPrivacy.path,
    terms: PAGES.terms.path,
    returns: PAGES.returns.path,
    faq: PAGES.faq.path,
  },
} as const;

/** Paths the app redirects to a page, e.g. `/opportunities` → `/oppurtunities` (the server answers 301 first). */
export const redirects = PAGE_REDIRECTS;

/** Absolute URL of an app path on this origin, e.g. for sharing a product link. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
