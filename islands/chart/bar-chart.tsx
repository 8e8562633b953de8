// A bar chart as a list: each row names its point (a drill-down link when the point has a detail and the
// page a panel for it), draws its bar as an SVG rectangle scaled to the largest amount, and gives the amount
// with the spec's prefixes ($1.2k). Plain HTML rows wrap and shrink with the screen; the bar's width is an
// SVG attribute, which the CSP allows where a style attribute would be blocked.
import type { ChartPoint } from '../../common/charts.ts';
import { withStores } from '../live-data/stores-param.ts';
import { compactDollars } from './money.ts';
import { amounts } from './scale.ts';

export interface BarChartProps {
  points: ChartPoint[];
  /** The selection the points are for: drill-down links carry it. */
  stores: number[] | null;
  /** The `data-load` target of drill-down links; without it points are not links. */
  detailPanel?: string;
}

export function BarChart({ points, stores, detailPanel }: BarChartProps) {
  const values = amounts(points.map((p) => p.value));
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  return (
    <ol className="bar-chart">
      {points.map((p, i) => (
        <li key={p.label}>
          <span className="bar-label">
            {p.href && detailPanel ? (
              <a href={withStores(p.href, stores)} data-load={detailPanel}>
                {p.label}
              </a>
            ) : (
              p.label
            )}
          </span>
          <svg className="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect width={max > 0 ? ((values[i] ?? 0) / max) * 100 : 0} height="10" />
          </svg>
          <span className="bar-value">{compactDollars(p.value)}</span>
        </li>
      ))}
    </ol>
  );
}
