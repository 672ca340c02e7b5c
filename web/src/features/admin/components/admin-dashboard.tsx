import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CatalogSyncContext, type CatalogChange } from '../api/catalog-sync';
import { PendingSaves } from '../offline/pending-saves';
import { BannersPanel } from './banners-panel';
import { CancelledOrdersPanel } from './cancelled-orders-panel';
import { CollectionsPanel } from './collections-panel';
import { CreateProductForm } from './create-product-form';
import { DayVisitsPanel } from './day-visits-panel';
import { LeadTimesPanel } from './lead-times-panel';
import { HomeVisitsPanel } from './home-visits-panel';
import { OrdersPanel } from './orders-panel';
import { ProductsTable } from './products-table';
import { ReportsPanel } from './reports-panel';
import { ServiceAreaPanel } from './service-area-panel';
import { TabStrip } from './tab-strip';
import { TodayPanel } from './today-panel';

/** The tab whose panel the page passes in (the contact feature's message list). */
const GIVEN = 'given';

/**
 * The dashboard's tabs, in order, each with its panel: the one list to extend with a new tab
 * (its name in both languages is `admin.tabs.<id>` in en-admin.json and ta.json). First Today, where
 * the dashboard opens (what needs the owner today: docs/product.md#admin-dashboard), then
 * docs/product.md#screens five tabs, their names kept, then the owner's added sections, each
 * named so it cannot be taken for another (docs/product.md#admin-dashboard): Visit times (the
 * visit calendar, docs/product.md#home-visit-slot), Service area (docs/product.md#service-area),
 * Home visits (the day's visits, docs/product.md#the-days-visits), Collections (the money received
 * at the door, docs/product.md#the-days-collections), Reports (the owner's numbers,
 * docs/product.md#reports) and Messages (docs/product.md#contact).
 */
const TABS = [
  { id: 'today', panel: TodayPanel },
  { id: 'createProduct', panel: CreateProductForm },
  { id: 'products', panel: ProductsTable },
  { id: 'banners', panel: BannersPanel },
  { id: 'orderStatus', panel: OrdersPanel },
  { id: 'cancelOrders', panel: CancelledOrdersPanel },
  { id: 'visits', panel: HomeVisitsPanel },
  { id: 'serviceArea', panel: ServiceAreaPanel },
  { id: 'dayVisits', panel: DayVisitsPanel },
  { id: 'collections', panel: CollectionsPanel },
  { id: 'reports', panel: ReportsPanel },
  { id: 'messages', panel: GIVEN },
  { id: 'leadTimes', panel: LeadTimesPanel },
] as const satisfies ReadonlyArray<{ id: string; panel: ComponentType | typeof GIVEN }>;

/** A tab's id, as kept in `?tab=` (`orderStatus`, `dayVisits`). */
export type AdminTab = (typeof TABS)[number]['id'];

/** The tabs' ids in their order. */
const ADMIN_TABS: readonly AdminTab[] = TABS.map((tab) => tab.id);

/** The query parameter naming the open tab, so a reload or a shared link keeps it. */
const TAB_PARAM = 'tab';

function isTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '');
}

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
 * The admin dashboard (docs/product.md#admin-dashboard), opening on Today (the orders at risk, today's
 * visits, the new orders to call) unless `?tab=` names another; then the product's five tabs, CreateProduct, Products,
 * Banners, OrderStatus and CancelOrders, then Visit times, Service area, Home visits, the Messages tab of
 * docs/product.md#contact (its panel given as `messagesPanel`) and Lead times (docs/product.md#dates-a-tailor-promises), as a {@link TabStrip}: one line that scrolls
 * sideways on a phone, arrow keys, Home and End moving between tabs. Only the open tab's panel is mounted,
 * so each tab loads its data when it opens. Above the tabs, the measurement saves waiting on this phone
 * ({@link PendingSaves}, docs/decisions/024-owners-day-offline.md). The open tab is kept in `?tab=`, beside the open list's filter and search
 * (`?tab=orderStatus&status=call&q=98765`: docs/product.md#lists-by-page), which another tab drops.
 */
export function AdminDashboard({ messagesPanel, onCatalogChange }: AdminDashboardProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get(TAB_PARAM);
  const active: AdminTab = isTab(requested) ? requested : 'today';
  const baseId = useId();
  const chosen = TABS.find((tab) => tab.id === active)!.panel;
  const Panel = chosen === GIVEN ? messagesPanel : chosen;

  const open = (tab: AdminTab) => {
    // A list's filter and search (`status`, `q`) belong to its tab: another tab starts without them.
    setParams(new URLSearchParams({ [TAB_PARAM]: tab }), { replace: true });
  };
  const tabId = (tab: AdminTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  return (
    <CatalogSyncContext value={onCatalogChange}>
      {/* Above the tabs, so the saves waiting on this phone show whatever tab is open (docs/decisions/024-owners-day-offline.md). */}
      <PendingSaves />
      <TabStrip
        tabs={ADMIN_TABS}
        active={active}
        name={(tab) => t(`admin.tabs.${tab}`)}
        tabId={tabId}
        panelId={panelId}
        label={t('admin.tablistLabel')}
        onOpen={open}
      />
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
