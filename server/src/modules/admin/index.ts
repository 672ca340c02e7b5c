/**
 * The admin module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * dashboard's API (products and banners, orders and their status, final prices, the day's
 * visits), and the question every deletion asks, whether an image is still shown anywhere.
 * Other modules, app.ts, cli/ and tests import the admin module only from here.
 */
export { adminRoutes } from './admin.routes.js';
export { unreferencedImageUrls } from './image-references.js';
