/**
 * The accounts module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * account routes and their abuse limits, and the session service app.ts builds
 * (docs/architecture.md#sessions-and-cookies), with its cookie names and refresh grace window
 * for tests and tools. Other modules reach sessions through `app.sessions` and
 * platform/current-user.ts, never from here.
 */
export { AUTH_RATE_LIMITS, authRoutes } from './auth.routes.js';
export { createSessionService, type SessionService } from './session.js';
export { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from './session-cookies.js';
export { REFRESH_REUSE_GRACE_MS } from './refresh-tokens.js';
