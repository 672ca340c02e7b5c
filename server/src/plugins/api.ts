import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { adminRoutes } from '../modules/admin/index.js';
import { apiDocsRoutes } from '../modules/api-docs/index.js';
import { registerOpenApi } from '../modules/api-docs/index.js';
import { authRoutes } from '../modules/auth/index.js';
import { cartRoutes } from '../modules/cart/index.js';
import { catalogRoutes } from '../modules/catalog/index.js';
import { contactRoutes, tailorPhotoRoutes } from '../modules/contact/index.js';
import { healthRoutes } from '../modules/health/index.js';
import { measurementRoutes } from '../modules/measurements/index.js';
import { ordersRoutes } from '../modules/orders/index.js';
import { pushRoutes } from '../modules/push/index.js';
import { reviewsRoutes } from '../modules/reviews/index.js';
import { serviceAreaRoutes } from '../modules/service-area/index.js';
import { visitRoutes } from '../modules/visits/index.js';
import { wishlistRoutes } from '../modules/wishlist/index.js';
import { requireResponseSchema } from '../platform/response-schemas.js';

/** What the {@link api} plugin is given. */
export interface ApiOptions {
  database: Database;
}

/**
 * The shop's HTTP API (docs/architecture.md#http-api), an encapsulated plugin: its OpenAPI
 * document, then every module's routes under `/api`. Every route there declares what it answers,
 * so the serializer checks each answer against the contract and the OpenAPI document is whole;
 * a route that does not stops the start (`requireResponseSchema`). HTML pages (the API
 * reference) say so in their config (`html: true`). Stands on the platform plugin's decorations
 * (`app.catalog`, `app.sessions`, …).
 */
export const api: FastifyPluginAsync<ApiOptions> = async (app, { database }) => {
  // Before the routes: the document hears each route as it is added (@fastify/swagger sees the
  // routes of this plugin's scope only: the API's, not the web plugin's pages and files).
  await registerOpenApi(app);
  await app.register(
    async (routes) => {
      routes.addHook('onRoute', requireResponseSchema);
      await routes.register(apiDocsRoutes);
      await routes.register(healthRoutes(database.db, database.kind));
      await routes.register(catalogRoutes(app.catalog, database.db));
      await routes.register(wishlistRoutes(database.db));
      await routes.register(cartRoutes(database.db));
      await routes.register(ordersRoutes(database.db));
      await routes.register(reviewsRoutes(database.db));
      await routes.register(adminRoutes(database.db));
      await routes.register(authRoutes(database.db));
      await routes.register(contactRoutes(database.db));
      await routes.register(tailorPhotoRoutes(database.db));
      await routes.register(serviceAreaRoutes(database.db));
      await routes.register(measurementRoutes(database.db));
      await routes.register(visitRoutes(database.db));
      await routes.register(pushRoutes(database.db));
    },
    { prefix: '/api' },
  );
};
