import { SERVICE_WORKER_PATH } from '@thaiyal/contract/installable';

/**
 * The service worker's registration in the page (docs/architecture.md#the-service-worker,
 * docs/decisions/022-installable-app.md): a few lines in the first load; the new-version notice
 * is its own chunk, fetched only when there is a new version.
 */

/** What {@link registerServiceWorker} uses of the browser; a test passes its own. */
export interface ServiceWorkerHost {
  container: Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>;
  /** Where `load` is awaited and the page reloaded. */
  window: Pick<Window, 'addEventListener'> & { location: Pick<Location, 'reload'> };
  /** `document.readyState`: registering waits for `load` unless the page has loaded already. */
  readyState: () => DocumentReadyState;
  /** Shows the new-version notice; its Reload posts `{type: 'SKIP_WAITING'}` to `waiting`. */
  offerUpdate: (waiting: ServiceWorker) => void;
}

/**
 * Registers `/sw.js` once the page has loaded (so the worker's install never competes with the
 * page's own requests), and handles versions:
 * - a worker already waiting, or one that finishes installing while a worker controls the page,
 *   is a new version: `offerUpdate` lets her reload when she likes (nothing reloads under her);
 * - when a new worker takes control of a page that had one, the page reloads, once: the page's
 *   code and the worker are then of the same version. A first install's taking control reloads
 *   nothing (the page already runs that version).
 * A failed registration leaves the shop as it is without a worker.
 */
export function registerServiceWorker(host: ServiceWorkerHost): void {
  const { container } = host;
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      reloading = true;
      host.window.location.reload();
    }
    controlled = true;
  });
  const register = () => {
    container.register(SERVICE_WORKER_PATH).then(
      (registration: ServiceWorkerRegistration | undefined) => {
        // A browser that blocks workers (an automated one, a policy) may answer nothing.
        if (!registration) return;
        const offer = () => {
          if (registration.waiting && container.controller) host.offerUpdate(registration.waiting);
        };
        offer();
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer();
          });
        });
      },
      () => {},
    );
  };
  if (host.readyState() === 'complete') register();
  else host.window.addEventListener('load', register, { once: true });
}

/** The browser's own {@link ServiceWorkerHost}: the page's container and the notice's lazily loaded chunk. */
export function browserServiceWorkerHost(): ServiceWorkerHost {
  return {
    container: navigator.serviceWorker,
    window,
    readyState: () => document.readyState,
    offerUpdate: (waiting) => void import('./update-notice').then((notice) => notice.showUpdateNotice(waiting)),
  };
}
