/**
 * The contact module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * contact form and messages routes, the shop's contact points as every mail and page shows them,
 * and who is behind the shop (the tailor's name and photo, the counts home shows).
 */
export { contactRoutes } from './contact.routes.js';
export { shopInfo } from './contact.service.js';
export { shopTrust } from './shop-trust.service.js';
export { tailorPhotoRoutes } from './tailor-photo.routes.js';
