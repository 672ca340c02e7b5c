import { useEffect, useRef, type KeyboardEvent } from 'react';

/** Props of {@link TabStrip}. */
export interface TabStripProps<Id extends string> {
  /** The tabs' ids, in their order. */
  tabs: readonly Id[];
  /** The open tab. */
  active: Id;
  /** A tab's visible name in the page's language. */
  name: (tab: Id) => string;
  /** The element id of a tab's button (its panel is labelled by it). */
  tabId: (tab: Id) => string;
  /** The element id of the one panel, shown for the open tab. */
  panelId: string;
  /** The tablist's accessible name. */
  label: string;
  /** Opens a tab (a click, or an arrow key, Home or End). */
  onOpen: (tab: Id) => void;
}

/** The tab an arrow key, Home or End moves to from `index` of `count` (wrapping round); `null` for other keys. */
function targetIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/** Room left beside a tab scrolled into view (px), so the next tab's edge shows there is more. */
const EDGE_PX = 24;

/**
 * Scrolls `strip` sideways, and only sideways, until `tab` is whole on screen with a little of its
 * neighbour showing (the page itself does not move, unlike `scrollIntoView`). `tab.offsetLeft` is
 * measured from the strip, which is positioned for that reason.
 */
function scrollTabIntoView(strip: HTMLElement, tab: HTMLElement): void {
  const start = tab.offsetLeft - EDGE_PX;
  const end = tab.offsetLeft + tab.offsetWidth + EDGE_PX - strip.clientWidth;
  if (strip.scrollLeft > start) strip.scrollLeft = Math.max(0, start);
  else if (strip.scrollLeft < end) strip.scrollLeft = end;
}

/**
 * A WAI-ARIA tablist on one line (docs/product.md#admin-dashboard): on a phone the tabs scroll
 * sideways inside the strip, never wrapping into rows and never widening the page; the open tab is
 * scrolled into view whenever it changes (a click, a key, or `?tab=` on load). Left and Right arrows
 * move to the previous and next tab (wrapping round), Home and End to the first and last; only the
 * open tab is in the Tab order (a roving tabindex). Each tab is at least 44 px high with a visible
 * focus ring. The panel itself is the caller's (`panelId`).
 */
export function TabStrip<Id extends string>({ tabs, active, name, tabId, panelId, label, onOpen }: TabStripProps<Id>) {
  const strip = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  useEffect(() => {
    const tab = buttons.current.get(active);
    if (strip.current && tab) scrollTabIntoView(strip.current, tab);
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = targetIndex(event.key, tabs.indexOf(active), tabs.length);
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target]!;
    if (tab !== active) onOpen(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      data-testid="admin-tab-strip"
      className="relative mb-6 flex flex-nowrap gap-2 overflow-x-auto overscroll-x-contain scroll-smooth border-b border-rose-900/15 px-0.5 pt-0.5 pb-3 [scrollbar-width:thin] motion-reduce:scroll-auto"
    >
      {tabs.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(element) => {
              if (element) buttons.current.set(tab, element);
              else buttons.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => tab !== active && onOpen(tab)}
            onKeyDown={onKeyDown}
            className={`min-h-11 shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${
              selected
                ? 'bg-rose-800 text-white shadow-sm'
                : 'bg-white text-stone-700 ring-1 ring-rose-900/15 hover:bg-rose-50 hover:text-rose-900'
            }`}
          >
            {name(tab)}
          </button>
        );
      })}
    </div>
  );
}
