import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';

// Only what the Reports tab draws: bars, a line over them, their axes, tooltips and legend.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

/** One series of a {@link ReportChart}: bars, or a line on the right-hand axis over them. */
export interface ReportSeries {
  label: string;
  data: number[];
  line?: boolean;
}

/** Props of {@link ReportChart}. */
export interface ReportChartProps {
  /** What the chart shows, said to a screen reader (the numbers are in the table beside it). */
  label: string;
  labels: string[];
  series: ReportSeries[];
  /** Bars across (long names: designs, reasons) rather than up. */
  horizontal?: boolean;
}

const COLOURS = ['#9f1239', '#0f766e', '#b45309'];

let canvasDraws: boolean | undefined;
/** Whether this browser gives a canvas a 2D context (one that blocks canvases, or a test's DOM, does not). */
function canDraw(): boolean {
  canvasDraws ??= document.createElement('canvas').getContext('2d') != null;
  return canvasDraws;
}

/**
 * One chart of the Reports tab (docs/product.md#reports), drawn by Chart.js on a canvas: bars,
 * and a second series as a line on its own axis (revenue over orders). The module is the Reports
 * tab's lazily loaded part, so Chart.js never reaches a shopper's page
 * (docs/decisions/013-first-load.md). The canvas is an image named by `label`; the tab shows
 * its numbers as a table for screen readers and anyone who prefers them; a browser that cannot
 * draw on a canvas gets the table alone.
 */
export default function ReportChart({ label, labels, series, horizontal = false }: ReportChartProps) {
  if (!canDraw()) return null;
  const twoAxes = series.some((one) => one.line);
  const data: ChartData<'bar' | 'line'> = {
    labels,
    datasets: series.map((one, index) => ({
      type: one.line ? ('line' as const) : ('bar' as const),
      label: one.label,
      data: one.data,
      backgroundColor: COLOURS[index % COLOURS.length],
      borderColor: COLOURS[index % COLOURS.length],
      ...(one.line ? { yAxisID: 'right' } : {}),
    })),
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: { legend: { display: series.length > 1 } },
    scales: twoAxes
      ? { y: { beginAtZero: true, position: 'left' }, right: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false } } }
      : { [horizontal ? 'x' : 'y']: { beginAtZero: true } },
  };
  return (
    <div className="relative h-64 w-full">
      <Chart type="bar" data={data as ChartData<'bar'>} options={options as ChartOptions<'bar'>} role="img" aria-label={label} />
    </div>
  );
}
