import { act } from '@testing-library/react';

/**
 * An IntersectionObserver for tests (jsdom has none; test/setup.ts gives one that never
 * reports): it records what it observes and reports only when a test says the end of a list
 * came near the screen ({@link FakeIntersectionObserver.scrollToEnd}). Install with
 * `vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)` and
 * `FakeIntersectionObserver.reset()`.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();

  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element): void {
    this.observed.add(element);
  }

  unobserve(element: Element): void {
    this.observed.delete(element);
  }

  disconnect(): void {
    this.observed.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Forgets the observers of the test before. */
  static reset(): void {
    FakeIntersectionObserver.instances = [];
  }

  /** How many elements are watched now (a list with more to load watches its end). */
  static watching(): number {
    return FakeIntersectionObserver.instances.reduce((sum, observer) => sum + observer.observed.size, 0);
  }

  /** Tells every observer that what it watches is on (or near) the screen, as scrolling to a list's end does. */
  static scrollToEnd(): void {
    act(() => {
      for (const observer of [...FakeIntersectionObserver.instances]) {
        const entries = [...observer.observed].map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
        if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  }
}
