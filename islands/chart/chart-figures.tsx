// A chart's text alternative: every point's name and exact amount in a table, folded under "Figures" so
// the chart stays the first thing seen, and read in full by screen readers and tests alike.
import type { ChartPoint } from '../../common/charts.ts';
import { formatCurrency } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';

export function ChartFigures({ points, labelHeading }: { points: ChartPoint[]; labelHeading: string }) {
  return (
    <details className="chart-figures">
      <summary>{onUseMsg('chartFigures')}</summary>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col" className="num">
              {msg('fieldSales')}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td className="num">{formatCurrency(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
