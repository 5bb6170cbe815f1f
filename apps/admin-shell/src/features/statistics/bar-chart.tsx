import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts the page draws, so the chart library's bundle stays small (chart.js tree-shakes by registration).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: number[];
  /** A line over the bars (e.g. the places offered against the bookings made). */
  line?: boolean;
  /**
   * Drawn against an axis of its own on the right: a series of another size (hundreds of places
   * beside a few bookings) on one shared axis would flatten the smaller to nothing.
   */
  ownAxis?: boolean;
}

/** A palette with enough contrast between neighbours on white. */
const COLOURS = ['#1d5fc1', '#e07b00', '#1f8a4c', '#c62828', '#6a3fb5', '#00838f', '#8d6e00'];

const axisTitle = (text: string | undefined) => (text ? { title: { display: true, text } } : {});

/**
 * A bar chart (stacked when asked) of series over labelled days. The canvas is described for screen
 * readers by its caption; the page's tables carry the same figures as text.
 */
export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  axisTitles,
}: {
  title: string;
  labels: string[];
  series: Series[];
  stacked?: boolean;
  /** The axes' titles, the left's and (for a series on its own axis) the right's. */
  axisTitles?: { left: string; right?: string };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const config: ChartConfiguration<'bar' | 'line'> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((entry, index) => ({
          type: entry.line ? 'line' : 'bar',
          label: entry.label,
          data: entry.values,
          backgroundColor: COLOURS[index % COLOURS.length],
          borderColor: COLOURS[index % COLOURS.length],
          yAxisID: entry.ownAxis ? 'right' : 'y',
          ...(entry.line ? { fill: false, tension: 0.2 } : {}),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked },
          y: { stacked, beginAtZero: true, ticks: { precision: 0 }, ...axisTitle(axisTitles?.left) },
          ...(series.some((entry) => entry.ownAxis)
            ? { right: { position: 'right' as const, beginAtZero: true, ticks: { precision: 0 }, grid: { drawOnChartArea: false }, ...axisTitle(axisTitles?.right) } }
            : {}),
        },
        plugins: { legend: { position: 'bottom' } },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [labels, series, stacked, axisTitles?.left, axisTitles?.right]);
  return (
    <figure className="statistics-chart">
      <figcaption>{title}</figcaption>
      <div className="statistics-chart__canvas">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
    </figure>
  );
}
