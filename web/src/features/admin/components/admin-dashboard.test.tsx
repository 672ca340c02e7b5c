import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { mockApi, type MockRoutes } from '../../../test/mock-api';
import { ordersPage } from '../../../test/render';
import { emptyReport, renderForAdmin } from '../test/admin-fixtures';
import { AdminDashboard } from './admin-dashboard';

const SLOT_ID = '00000000-0000-4000-8000-0000000000a1';

/** What the Today tab asks for, all empty: the dashboard opens on it. */
const TODAY_ROUTES: MockRoutes = {
  'GET /admin/orders/at-risk': () => ({ status: 200, body: { today: '2026-11-27', orders: [] } }),
  'GET /admin/visits?date=*': (call) => ({ status: 200, body: { date: call.path.split('=')[1], slots: [] } }),
  'GET /orders/status?status=call&limit=100': () => ({ status: 200, body: ordersPage([]) }),
  'GET /admin/alterations?status=open': () => ({ status: 200, body: { alterations: [] } }),
};

/** Stands in for the contact feature's message list, which the page in app/ passes in. */
function MessagesPanel() {
  return <p>The messages panel</p>;
}

describe('AdminDashboard (docs/product.md#admin-dashboard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows Today, then the product's five tabs, Visit times, Service area, Home visits, Collections, Reports, Messages and Lead times as a tablist, opens on Today, and loads only what Today needs", async () => {
    const calls = mockApi(TODAY_ROUTES);
    renderForAdmin(<AdminDashboard messagesPanel={MessagesPanel} onCatalogChange={() => {}} />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Today',
      'CreateProduct',
      'Products',
      'Banners',
      'OrderStatus',
      'CancelOrders',
      'Visit times',
      'Service area',
      'Home visits',
      'Collections',
      'Reports',
      'Messages',
      'Lead times',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Today' })).toBeTruthy();
    expect(await screen.findByText('Nothing late')).toBeTruthy();
    expect(await screen.findByText('No visits today')).toBeTruthy();
    expect(await screen.findByText('No new orders to call')).toBeTruthy();
    expect(calls.map((call) => call.path.replace(/date=.*/, 'date=…')).sort()).toEqual([
      // docs/product.md#free-alterations: Today lists the open alterations too.
      '/admin/alterations?status=open',
      '/admin/orders/at-risk',
      '/admin/visits?date=…',
      '/orders/status?status=call&limit=100',
    ]);
  });

  it('opens a tab on click and loads its data; arrow keys, Home and End move between tabs', async () => {
    const calls = mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage([]) }),
      'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: [], nextCursor: null } }),
      'GET /banner': () => ({ status: 200, body: { banners: [] } }),
      'GET /product/admin': () => ({ status: 200, body: { products: [], nextCursor: null } }),
      'GET /admin/visit-slots': () => ({
        status: 200,
        body: {
          slots: [{ id: SLOT_ID, label: 'Morning', start: '10:00', end: '13:00', capacity: 3 }],
          closedWeekdays: [0],
          closedDates: [],
        },
      }),
      'GET /admin/service-area': () => ({ status: 200, body: { pinCodes: [], requests: [] } }),
      // The Home visits tab asks for the shop's today, whatever day the test runs on.
      'GET /admin/visits?date=*': (call) => ({ status: 200, body: { date: call.path.split('=')[1], slots: [] } }),
      'GET /admin/lead-times': () => ({
        status: 200,
        body: { days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 }, dailyCapacity: 6 },
      }),
      'GET /admin/collections?*': () => ({ status: 200, body: { days: [], total: { cash: 0, upi: 0 }, unpaid: [] } }),
      'GET /admin/reports?*': () => ({ status: 200, body: emptyReport('2026-11-01', '2026-11-30') }),
      'GET /admin/hsn-codes': () => ({ status: 200, body: { codes: {} } }),
      ...TODAY_ROUTES,
    });
    renderForAdmin(<AdminDashboard messagesPanel={MessagesPanel} onCatalogChange={() => {}} />, '/admin-only?tab=createProduct');
    fireEvent.click(screen.getByRole('tab', { name: 'OrderStatus' }));
    expect(await screen.findByText('No orders placed recently')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/orders/status']);

    const orderTab = screen.getByRole('tab', { name: 'OrderStatus' });
    fireEvent.keyDown(orderTab, { key: 'ArrowRight' });
    const cancelTab = screen.getByRole('tab', { name: 'CancelOrders' });
    expect(cancelTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(cancelTab);
    expect(await screen.findByText('No Cancelled Orders')).toBeTruthy();

    fireEvent.keyDown(cancelTab, { key: 'ArrowRight' });
    const visitsTab = screen.getByRole('tab', { name: 'Visit times' });
    expect(visitsTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Start')).toBeTruthy();
    fireEvent.keyDown(visitsTab, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Service area' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Home visits' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Collections' }), { key: 'ArrowRight' });
    expect(await screen.findByText('No orders in this period')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reports' }), { key: 'ArrowRight' });
    const messagesTab = screen.getByRole('tab', { name: 'Messages' });
    expect(messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Messages' }).textContent).toBe('The messages panel');
    fireEvent.keyDown(messagesTab, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Lead times' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Today' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Lead times' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Lead times' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab named in ?tab=', async () => {
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners: [] } }) });
    renderForAdmin(<AdminDashboard messagesPanel={MessagesPanel} onCatalogChange={() => {}} />, '/admin-only?tab=banners');
    expect(screen.getByRole('tab', { name: 'Banners' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No banners yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Banner Upload' })).toBeTruthy();
  });
});

describe('AdminDashboard on a phone: one line of tabs named in both languages (docs/product.md#admin-dashboard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the tabs on one line that scrolls sideways, and scrolls the open tab into view: from ?tab=, after End and after Home', async () => {
    mockApi({
      'GET /admin/visits?date=*': (call) => ({ status: 200, body: { date: call.path.split('=')[1], slots: [] } }),
      'GET /admin/lead-times': () => ({
        status: 200,
        body: { days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 }, dailyCapacity: 6 },
      }),
      'GET /admin/collections?*': () => ({ status: 200, body: { days: [], total: { cash: 0, upi: 0 }, unpaid: [] } }),
      'GET /admin/hsn-codes': () => ({ status: 200, body: { codes: {} } }),
      ...TODAY_ROUTES,
    });
    // jsdom lays nothing out: each tab is given 120 px side by side in a 360-px strip, as on a phone.
    const TAB_PX = 120;
    const place = (element: HTMLElement) =>
      element.getAttribute('role') === 'tab' ? Array.from(element.parentElement!.children).indexOf(element) : 0;
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return place(this) * TAB_PX;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => TAB_PX);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 360);
    try {
      renderForAdmin(<AdminDashboard messagesPanel={MessagesPanel} onCatalogChange={() => {}} />, '/admin-only?tab=dayVisits');
      const strip = screen.getByRole('tablist', { name: 'Dashboard sections' });
      expect(strip.className).toContain('flex-nowrap');
      expect(strip.className).toContain('overflow-x-auto');
      // Home visits is the ninth tab (960-1080 px): scrolled so it ends on screen with room beside it.
      await vi.waitFor(() => expect(strip.scrollLeft).toBe(8 * TAB_PX + TAB_PX + 24 - 360));
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Home visits' }), { key: 'Home' });
      expect(screen.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
      await vi.waitFor(() => expect(strip.scrollLeft).toBe(0));
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Today' }), { key: 'End' });
      expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Lead times' }));
      await vi.waitFor(() => expect(strip.scrollLeft).toBe(13 * TAB_PX + 24 - 360));
      // A tab already in view leaves the strip where it is.
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Lead times' }), { key: 'ArrowLeft' });
      expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
      await vi.waitFor(() => expect(strip.scrollLeft).toBe(13 * TAB_PX + 24 - 360));
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('names every tab in Tamil too, each name different from the others in both languages', async () => {
    mockApi(TODAY_ROUTES);
    const english = [
      'Today',
      'CreateProduct',
      'Products',
      'Banners',
      'OrderStatus',
      'CancelOrders',
      'Visit times',
      'Service area',
      'Home visits',
      'Collections',
      'Reports',
      'Messages',
      'Lead times',
    ];
    await act(() => initI18n('ta'));
    try {
      renderForAdmin(<AdminDashboard messagesPanel={MessagesPanel} onCatalogChange={() => {}} />);
      const names = within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent);
      expect(names).toEqual([
        'இன்று',
        'ஆடை உருவாக்கு',
        'ஆடைகள்',
        'பேனர்கள்',
        'ஆர்டர் நிலை',
        'ரத்தான ஆர்டர்கள்',
        'வருகை நேர அட்டவணை',
        'சேவைப் பகுதி',
        'வீட்டு வருகைகள்',
        'வசூல்',
        'அறிக்கைகள்',
        'செய்திகள்',
        'தையல் நாட்கள்',
      ]);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(english.map((name) => name.toLowerCase())).size).toBe(english.length);
    } finally {
      await act(() => initI18n('en'));
    }
  });
});
