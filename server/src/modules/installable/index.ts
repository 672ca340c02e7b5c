/**
 * The installable shop's server side (docs/product.md#installing-the-shop,
 * docs/decisions/022-installable-app.md): the web app manifest in the page's language. The
 * service worker and the icons are files of the web build (web/pwa-build.ts), served by the web plugin.
 */
export { installableRoutes } from './installable.routes.js';
