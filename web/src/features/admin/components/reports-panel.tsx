import type { ReportResponse } from '@thaiyal/contract';
import { formatShopDay } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { StatusMessage } from '../../../components/ui/status-message';
import { SelectField } from '../../../components/ui/select';
import { shopToday } from '../api/day-visits';
import { ordersCsvUrl, useReport } from '../api/reports';
import type { ReportSeries } from './report-chart';
import { periodDays, REPORT_PERIODS, type ReportPeriod } from './report-period';

// Chart.js comes with the Reports tab alone, loaded when it first draws (docs/decisions/013-first-load.md).
const ReportChart = lazy(() => import('./report-chart'));

/**
 * The Reports tab (docs/product.md#reports): a period (this month, last month, this financial
 * year, or her own dates), the period's figures as cards, four charts (orders and revenue per
 * week, revenue by garment, cancellations by reason, top designs), each followed by its numbers
 * as a table, and the link that downloads the period's order lines as CSV
 * (docs/product.md#the-order-lines-csv). Loading, empty and failed states.
 */
export function ReportsPanel() {
  const { t } = useTranslation();
  const today = shopToday();
  const [period, setPeriod] = useState<ReportPeriod>('thisMonth');
  const [custom, setCustom] = useState(() => periodDays('thisMonth', today));
  const { from, to } = period === 'custom' ? custom : periodDays(period, today);
  const report = useReport(from, to);
  const field = 'mt-1 block min-h-11 max-w-full rounded-md border border-stone-300 px-3';
  return (
    <section aria-labelledby="admin-reports-heading" className="space-y-4">
      <h2 id="admin-reports-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.reports.heading')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.reports.intro')}</p>
      <div className="flex flex-wrap items-end gap-4">
        {/* The shared select never grows past its column: a long Tamil option is cut, not pushed off a phone's screen. */}
        <SelectField
          label={t('admin.reports.period')}
          className="w-full max-w-full sm:w-auto"
          value={period}
          onChange={(event) => setPeriod(event.target.value as ReportPeriod)}
        >
          {REPORT_PERIODS.map((one) => (
            <option key={one} value={one}>
              {t(`admin.reports.periods.${one}`)}
            </option>
          ))}
        </SelectField>
        {period === 'custom' &&
          (['from', 'to'] as const).map((end) => (
            <label key={end} className="max-w-full text-sm font-medium text-stone-800">
              {t(`admin.reports.${end}`)}
              <input
                type="date"
                className={field}
                value={custom[end]}
                onChange={(event) => event.target.value && setCustom({ ...custom, [end]: event.target.value })}
              />
            </label>
          ))}
        <a
          href={ordersCsvUrl(from, to)}
          download={`thaiyal-orders-${from}-${to}.csv`}
          className="inline-flex min-h-11 items-center font-medium text-rose-900 underline decoration-rose-900/30 hover:decoration-rose-900"
        >
          {t('admin.reports.csv')}
        </a>
      </div>
      <QueryState query={report} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
        {(data) => <ReportBody report={data} />}
      </QueryState>
    </section>
  );
}

/** The figures, or the empty state when nothing was placed, delivered or cancelled in the period. */
function ReportBody({ report }: { report: ReportResponse }) {
  const { t, i18n } = useTranslation();
  if (report.orders === 0 && report.delivered === 0 && report.cancelled === 0) {
    return <StatusMessage>{t('admin.reports.empty')}</StatusMessage>;
  }
  const language = i18n.language;
  const week = (date: string) => formatShopDay(date, language, { day: 'numeric', month: 'short' });
  const rupees = (amount: number) => formatRupeesExact(amount);
  const columns = (key: string) => t(`admin.reports.columns.${key}`);
  return (
    <div className="space-y-6">
      <ReportCards report={report} />
      <ChartSection
        title={t('admin.reports.byWeek')}
        labels={report.byWeek.map((row) => week(row.weekStart))}
        series={[
          { label: columns('orders'), data: report.byWeek.map((row) => row.orders) },
          { label: columns('revenue'), data: report.byWeek.map((row) => row.revenue), line: true },
        ]}
        head={[columns('week'), columns('orders'), columns('revenue')]}
        rows={report.byWeek.map((row) => [week(row.weekStart), row.orders, rupees(row.revenue)])}
      />
      <ChartSection
        title={t('admin.reports.byGroup')}
        labels={report.byGroup.map((row) => t(`admin.leadTimes.groups.${row.group}`))}
        series={[{ label: columns('revenue'), data: report.byGroup.map((row) => row.revenue) }]}
        head={[columns('group'), columns('orders'), columns('revenue')]}
        rows={report.byGroup.map((row) => [t(`admin.leadTimes.groups.${row.group}`), row.orders, rupees(row.revenue)])}
      />
      <ChartSection
        title={t('admin.reports.reasons')}
        empty={t('admin.reports.noCancellations')}
        horizontal
        labels={report.cancellationReasons.map((row) => row.reason || t('admin.reports.noReason'))}
        series={[{ label: columns('count'), data: report.cancellationReasons.map((row) => row.count) }]}
        head={[columns('reason'), columns('count')]}
        rows={report.cancellationReasons.map((row) => [row.reason || t('admin.reports.noReason'), row.count])}
      />
      <ChartSection
        title={t('admin.reports.top')}
        empty={t('admin.reports.noDeliveries')}
        horizontal
        labels={report.topProducts.map((row) => (language === 'ta' && row.nameTa ? row.nameTa : row.name))}
        series={[{ label: columns('garments'), data: report.topProducts.map((row) => row.count) }]}
        head={[columns('design'), columns('garments'), columns('revenue')]}
        rows={report.topProducts.map((row) => [language === 'ta' && row.nameTa ? row.nameTa : row.name, row.count, rupees(row.revenue)])}
      />
    </div>
  );
}

/** The headline figures: orders, deliveries, cancellations, revenue, the on-time rate and the average days. */
function ReportCards({ report }: { report: ReportResponse }) {
  const { t } = useTranslation();
  const cards: [string, string][] = [
    ['orders', String(report.orders)],
    ['delivered', String(report.delivered)],
    ['cancelled', String(report.cancelled)],
    ['revenue', formatRupeesExact(report.revenue)],
    [
      'onTime',
      report.onTimeRate === null
        ? t('admin.reports.onTimeNone')
        : t('admin.reports.onTimeValue', { percent: Math.round(report.onTimeRate * 100) }),
    ],
    [
      'averageDays',
      report.averageDaysToDeliver === null
        ? t('admin.reports.none')
        : t('admin.reports.averageDaysValue', { days: report.averageDaysToDeliver }),
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {cards.map(([key, value]) => (
        <div key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
          <dt className="text-sm wrap-break-word text-stone-600">{t(`admin.reports.cards.${key}`)}</dt>
          <dd className="mt-1 text-xl font-semibold wrap-break-word text-rose-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Props of {@link ChartSection}: the chart's labels and series, and the same numbers as a table's head and rows. */
interface ChartSectionProps {
  title: string;
  labels: string[];
  series: ReportSeries[];
  head: string[];
  rows: ReactNode[][];
  horizontal?: boolean;
  /** Said instead of the chart and table when there are no rows. */
  empty?: string;
}

/** A chart under its heading, then its numbers as a table: the chart's text alternative (WCAG 1.1.1), in the page's language. */
function ChartSection({ title, labels, series, head, rows, horizontal, empty }: ChartSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
      <h3 id={headingId} className="font-semibold text-rose-950">
        {title}
      </h3>
      {rows.length === 0 && empty ? (
        <p className="text-stone-600">{empty}</p>
      ) : (
        <>
          <Suspense fallback={<p className="text-sm text-stone-600">{t('admin.reports.loadingCharts')}</p>}>
            <ReportChart label={t('admin.reports.chartLabel', { title })} labels={labels} series={series} horizontal={horizontal} />
          </Suspense>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {head.map((cell) => (
                    <th key={cell} scope="col" className="border-b border-stone-200 py-2 pr-3 font-semibold text-stone-700">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) =>
                      column === 0 ? (
                        <th key={column} scope="row" className="border-b border-stone-100 py-2 pr-3 font-normal wrap-break-word">
                          {cell}
                        </th>
                      ) : (
                        <td key={column} className="border-b border-stone-100 py-2 pr-3 tabular-nums">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
