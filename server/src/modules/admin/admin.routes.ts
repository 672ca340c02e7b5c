import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { adminDateRoutes } from './admin-dates.routes.js';
import { adminAppointmentRoutes } from './admin-appointments.routes.js';
import { adminOrderRoutes } from './admin-orders.routes.js';
import { adminPriceRoutes } from './admin-prices.routes.js';
import { adminProductRoutes } from './admin-products.routes.js';
import { dayVisitRoutes } from './day-visits.routes.js';
import { adminPaymentRoutes } from './admin-payments.routes.js';
import { adminMeasurementRoutes } from './admin-measurements.routes.js';
import { adminSignOffRoutes } from './admin-sign-off.routes.js';
import { adminReportRoutes } from './admin-reports.routes.js';
import { adminAlterationRoutes } from './admin-alterations.routes.js';

/**
 * The admin dashboard's API (docs/product.md#roles-and-permissions, docs/product.md#admin-dashboard): product and banner writes
 * (multipart uploads, in their own scope with `@fastify/multipart`), order management, the day's visits, the dates the shop promises, payments at the door with the day's collections, the owner's reports, order lines' CSV and HSN codes, and the measurements taken at the visit, and free alterations after delivery.
 * Registered once inside app.ts's `/api` block; every route is admin only.
 */
export function adminRoutes(db: Db): FastifyPluginAsync {
  return async (api) => {
    await api.register(adminProductRoutes(db));
    await api.register(adminOrderRoutes(db));
    await api.register(adminPriceRoutes(db));
    await api.register(dayVisitRoutes(db));
    await api.register(adminDateRoutes(db));
    await api.register(adminAppointmentRoutes(db));
    await api.register(adminPaymentRoutes(db));
    await api.register(adminReportRoutes(db));
    await api.register(adminMeasurementRoutes(db));
    await api.register(adminSignOffRoutes(db));
    await api.register(adminAlterationRoutes(db));
  };
}
