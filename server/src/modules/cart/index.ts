/** The cart module's public face (docs/architecture.md#server-modules-and-their-edges): the cart routes. */
export { cartRoutes } from './cart.routes.js';
