/** The wishlist module's public face (docs/architecture.md#server-modules-and-their-edges): its routes. */
export { wishlistRoutes } from './wishlist.routes.js';
