import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { adminRoutes } from '../modules/admin/admin.routes.js';
import { apiDocsRoutes } from '../modules/api-docs/api-docs.routes.js';
import { registerOpenApi } from '../modules/api-docs/openapi.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { cartRoutes } from '../modules/cart/cart.routes.js';
import { catalogRoutes } from '../modules/catalog/catalog.routes.js';
import { contactRoutes } from '../modules/contact/contact.routes.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { measurementRoutes } from '../modules/measurements/measurements.routes.js';
import { ordersRoutes } from '../modules/orders/orders.routes.js';
import { reviewsRoutes } from '../modules/reviews/reviews.routes.js';
import { serviceAreaRoutes } from '../modules/service-area/service-area.routes.js';
import { visitRoutes } from '../modules/visits/visits.routes.js';
import { wishlistRoutes } from '../modules/wishlist/wishlist.routes.js';
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
      await routes.register(serviceAreaRoutes(database.db));
      await routes.register(measurementRoutes(database.db));
      await routes.register(visitRoutes(database.db));
    },
    { prefix: '/api' },
  );
};
