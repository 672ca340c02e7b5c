/**
 * The service worker's push notifications (docs/architecture.md#the-service-worker): the
 * handlers that show a notification and open its page. Nothing yet; the worker calls this so
 * that the notifications have their place in it.
 * @param _sw the service worker's global scope (`self`).
 */
export function installPushHandlers(_sw: ServiceWorkerGlobalScope): void {}
