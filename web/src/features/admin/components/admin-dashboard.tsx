import { useId, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CatalogSyncContext, type CatalogChange } from '../api/catalog-sync';
import { BannersPanel } from './banners-panel';
import { CancelledOrdersPanel } from './cancelled-orders-panel';
import { CreateProductForm } from './create-product-form';
import { DayVisitsPanel } from './day-visits-panel';
import { HomeVisitsPanel } from './home-visits-panel';
import { OrdersPanel } from './orders-panel';
import { ProductsTable } from './products-table';
import { ServiceAreaPanel } from './service-area-panel';

/**
 * docs/product.md#screens five tabs, in the product's order, then Home visits and Service area
 * (docs/product.md#home-visit-slot, docs/product.md#service-area), the day's Visits
 * (docs/product.md#the-days-visits), then docs/product.md#contact
 * Messages (contact-form messages).
 */
export const ADMIN_TABS = [
  'createProduct',
  'products',
  'banners',
  'orderStatus',
  'cancelOrders',
  'visits',
  'serviceArea',
  'dayVisits',
  'messages',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The query parameter naming the open tab, so a reload or a shared link keeps it. */
const TAB_PARAM = 'tab';

function isTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '');
}

/** The admin feature's own panels; Messages belongs to the contact feature and is passed in. */
const PANELS: Record<Exclude<AdminTab, 'messages'>, ComponentType> = {
  createProduct: CreateProductForm,
  products: ProductsTable,
  banners: BannersPanel,
  orderStatus: OrdersPanel,
  cancelOrders: CancelledOrdersPanel,
  visits: HomeVisitsPanel,
  serviceArea: ServiceAreaPanel,
  dayVisits: DayVisitsPanel,
};

/** Props of the dashboard. */
export interface AdminDashboardProps {
  /**
   * The Messages tab's panel (docs/product.md#contact: the contact feature's message list). Passed in by
   * the page in `app/`, because a feature never imports another feature (docs/architecture.md#code-shape); a
   * component defined once at module level, so the tab does not remount on every render.
   */
  messagesPanel: ComponentType;
  /**
   * Called after every write that shoppers should see: the app reloads its catalog queries
   * (the Featured row, category pages, the home carousel).
   */
  onCatalogChange: (change: CatalogChange) => void;
}

/**
 * The admin dashboard (docs/product.md#admin-dashboard): the product's five tabs, CreateProduct, Products,
 * Banners, OrderStatus and CancelOrders, and the Messages tab of docs/product.md#contact (its panel given as
 * `messagesPanel`), as a WAI-ARIA tablist (arrow keys, Home and End move between tabs). Only the open tab's panel is mounted, so each tab loads its data when
 * it opens. The open tab is kept in `?tab=`, beside the open list's filter and search
 * (`?tab=orderStatus&status=call&q=98765`: docs/product.md#lists-by-page), which another tab drops.
 */
export function AdminDashboard({ messagesPanel, onCatalogChange }: AdminDashboardProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get(TAB_PARAM);
  const active: AdminTab = isTab(requested) ? requested : 'createProduct';
  const baseId = useId();
  const tabRefs = useRef(new Map<AdminTab, HTMLButtonElement>());
  const Panel = active === 'messages' ? messagesPanel : PANELS[active];

  const open = (tab: AdminTab) => {
    if (tab === active) return;
    // A list's filter and search (`status`, `q`) belong to its tab: another tab starts without them.
    setParams(new URLSearchParams({ [TAB_PARAM]: tab }), { replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = ADMIN_TABS.indexOf(active);
    const last = ADMIN_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = ADMIN_TABS[target]!;
    open(tab);
    tabRefs.current.get(tab)?.focus();
  };

  const tabId = (tab: AdminTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  return (
    <CatalogSyncContext value={onCatalogChange}>
      <div role="tablist" aria-label={t('admin.tablistLabel')} className="mb-6 flex flex-wrap gap-1 border-b border-rose-900/15">
        {ADMIN_TABS.map((tab) => {
          const selected = tab === active;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(tab)}
              onKeyDown={onKeyDown}
              className={`-mb-px shrink-0 border-b-3 px-4 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-rose-700 ${
                selected ? 'border-rose-800 text-rose-900' : 'border-transparent text-stone-600 hover:text-rose-900'
              }`}
            >
              {t(`admin.tabs.${tab}`)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(active)}
        tabIndex={0}
        className="rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-rose-700"
      >
        <Panel />
      </div>
    </CatalogSyncContext>
  );
}
