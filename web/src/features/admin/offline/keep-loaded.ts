import { KEEP_LOADED } from '../../../sw/cache-rules';

/**
 * Asks the service worker to keep what this dashboard page loaded before the worker controlled it
 * (docs/decisions/024-owners-day-offline.md#what-is-loaded-before-she-leaves): on her first visit
 * the worker installs only after the page's `load`, so the page's HTML and the admin chunks came
 * from the network past it, and a reload offline that same day would find none of them. Once the
 * worker is ready, the page posts its own URL and the files it loaded
 * (`performance.getEntriesByType('resource')`); the worker keeps those its rules keep (the build
 * files and the dashboard page, web/src/sw/cache-rules.ts `loadedToKeep`) and answers.
 *
 * Only when the page itself was not loaded through a worker (the navigation's `workerStart` is 0):
 * a page loaded through it has its HTML and chunks kept already, so later visits cost no request.
 * Not `navigator.serviceWorker.controller`: on a first visit the worker may install and take the
 * page before this runs, while the chunks loaded before that never went through it. In the admin
 * chunk, never in the home page's first load (docs/performance.md).
 * @param container the page's `navigator.serviceWorker` (undefined where the browser has none).
 * @returns resolves once the worker has kept them (or at once with no worker to ask); a worker
 *   that never becomes ready (workers blocked) leaves it pending, harmlessly.
 */
export async function keepLoadedForOffline(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<void> {
  if (!container || loadedThroughWorker()) return;
  const worker = (await container.ready).active;
  if (!worker) return;
  const urls = [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    worker.postMessage({ type: KEEP_LOADED, urls }, [channel.port2]);
  });
}

/** Whether this page's navigation was answered through a service worker (Navigation Timing's `workerStart`). */
function loadedThroughWorker(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation !== undefined && navigation.workerStart > 0;
}
