// A line chart in SVG, drawn the same by the server and the browser: amounts over points in order (sales per
// cycle), round gridlines labelled $1.2k / $3.4M, and as many axis names as fit. Sizes are SVG attributes
// and colours are classes (no style attributes under the CSP); the viewBox scales it to its card. A
// sentence under it says what it shows: the span, the highest and the lowest point.
import type { ChartPoint } from '../../common/charts.ts';
import { chartDefaults } from '../../common/charts.ts';
import { formatCurrency } from '../../common/format.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';
import { compactDollars } from './money.ts';
import { amounts, niceScale } from './scale.ts';

const W = 320;
const H = 190;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
/** Room an axis name needs at font size 11 ("Jun 2025", "W23"). */
const LABEL_ROOM = 56;

/** The sentence under the chart: its span, and its highest and lowest among the periods that have ended. */
export function summary(points: ChartPoint[], values: Array<number | null>): string {
  const valued = points
    .map((p, i) => ({ p, v: values[i] }))
    .filter((x): x is { p: ChartPoint; v: number } => x.v !== null && x.v !== undefined);
  // A period still running is not the lowest (nor the highest): its figure is to date. Alone, it is all there is.
  const ended = valued.filter((x) => !x.p.running);
  const known = ended.length > 0 ? ended : valued;
  const high = known.reduce((a, b) => (b.v > a.v ? b : a));
  const low = known.reduce((a, b) => (b.v < a.v ? b : a));
  return onUseMsg(
    'chartLineSummary',
    points.length,
    points[0]!.label,
    points[points.length - 1]!.label,
    formatCurrency(high.p.value),
    high.p.label,
    formatCurrency(low.p.value),
    low.p.label,
  );
}

export function LineChart({ points, title, descriptionId }: { points: ChartPoint[]; title: string; descriptionId: string }) {
  const values = amounts(points.map((p) => p.value));
  const { top, step } = niceScale(Math.max(0, ...values.map((v) => v ?? 0)));
  const x = (i: number) => PAD.left + (points.length === 1 ? PLOT_W / 2 : (i * PLOT_W) / (points.length - 1));
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  // A cycle without sales breaks the line rather than dropping it to zero.
  const path = values
    .map((v, i) => (v === null ? '' : `${i > 0 && values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`))
    .join(' ')
    .trim();
  const every = Math.max(1, Math.ceil((points.length * LABEL_ROOM) / PLOT_W));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, k) => k * step);
  return (
    <>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={title}
        aria-describedby={descriptionId}
        fontSize={chartDefaults.fontSize}
      >
        <g className="chart-grid">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
              <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {compactDollars(t)}
              </text>
            </g>
          ))}
        </g>
        <g className="chart-axis">
          {points.map((p, i) =>
            i % every === 0 ? (
              <text key={p.label} x={x(i)} y={H - 8} textAnchor="middle">
                {p.short ?? p.label}
              </text>
            ) : null,
          )}
        </g>
        <path className="chart-line" d={path} />
        <g className="chart-dots">
          {values.map((v, i) =>
            v === null ? null : (
              <circle key={points[i]!.label} cx={x(i)} cy={y(v)} r="3">
                <title>{`${points[i]!.label}: ${formatCurrency(points[i]!.value)}`}</title>
              </circle>
            ),
          )}
        </g>
      </svg>
      <p className="chart-summary" id={descriptionId}>
        {summary(points, values)}
      </p>
    </>
  );
}
