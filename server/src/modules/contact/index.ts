/**
 * The contact module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * contact form and messages routes, and the shop's contact points as every mail and page shows them.
 */
export { contactRoutes } from './contact.routes.js';
export { shopInfo } from './contact.service.js';
