/**
 * Every route of the web app (docs/product.md#screens routes table) and every fixed outside address it
 * links to. Components never hard-code a URL: they import it from here (docs/architecture.md#code-shape).
 */

/** Base path of the HTTP API (docs/architecture.md#http-api). */
export const API_BASE = '/api';

/** Client routes, as router patterns (`:param`) and as link builders. */
export const paths = {
  home: '/',
  /** The home page's 'top' anchor (docs/product.md#home). */
  homeTop: '/#top',
  signin: '/signin',
  signup: '/signup',
  otp: '/otp',
  forgot: '/forgot',
  /** Reset-password screen: a web route under the API prefix, linked from the mail (docs/architecture.md#http-api). */
  resetPattern: '/api/reset/:token',
  reset: (token: string) => `/api/reset/${encodeURIComponent(token)}`,
  categoryPattern: '/category/:category',
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  viewPattern: '/view/:viewID/:category',
  view: (id: string, category: string) => `/view/${encodeURIComponent(id)}/${encodeURIComponent(category)}`,
  cartpage: '/cartpage',
  wishlist: '/wishlist',
  address: '/address',
  confirmAddress: '/confirm/address',
  placeorder: '/placeorder',
  myOrders: '/myOrders',
  featured: '/featured',
  delivery: '/delivery',
  contact: '/contact',
  adminOnly: '/admin-only',
  info: {
    customTailoring: '/custom/tailoring',
    bridalAttire: '/bridal/wedding/attire',
    alterations: '/alterations/repairs',
    fabricConsultation: '/fabric/consultation',
    /** the product's spelling stays; `/opportunities` redirects here (docs/architecture.md#http-api). */
    opportunities: '/oppurtunities',
    collaborators: '/our/collaborators',
    showcase: '/work/showcase',
    getInTouch: '/get/in/touch',
    ourStory: '/our/story',
    whyChooseUs: '/why/choose/us',
    customerCommitment: '/customer/commitment',
    dataPrivacy: '/data/privacy',
  },
  /** Correctly spelled alias that redirects to `info.opportunities`. */
  opportunitiesAlias: '/opportunities',
} as const;

/** Key of one information page in `paths.info`. */
export type InfoPageKey = keyof typeof paths.info;

/** Absolute URL of an app path on this origin, e.g. for sharing a product link. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
