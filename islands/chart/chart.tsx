// The chart island: a line or bar chart of the points a chart endpoint answers (common/charts.ts), with a
// text alternative (a sentence or the named bars, and the "Figures" table of exact amounts). The server
// renders it with its points; the browser keeps them current (every 30 s, and for the store selection).
import { useId } from 'react';
import { readChartPoints, type ChartPoint, type ChartType } from '../../common/charts.ts';
import { msg } from '../../common/messages.ts';
import { useLiveData } from '../live-data/use-live-data.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartFigures } from './chart-figures.tsx';
import { LineChart } from './line-chart.tsx';

export interface ChartProps {
  type: ChartType;
  title: string;
  /** Where the points come from; the store selection is added to it. */
  url: string;
  initial: ChartPoint[] | null;
  /** What the points are ("Cycle", "Store", "State"): the figures table's first heading. */
  labelHeading: string;
  /** The `data-load` target for points that have a detail. */
  detailPanel?: string;
}

export default function Chart({ type, title, url, initial, labelHeading, detailPanel }: ChartProps) {
  const { data, stores } = useLiveData(url, initial, readChartPoints);
  const id = useId();
  const points = data ?? [];
  const drawn = points.some((p) => p.value !== null);
  return (
    <section className={`chart-card chart-card-${type}`} aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>{title}</h2>
      {!drawn ? (
        <p className="summary-empty">{msg('summaryEmpty')}</p>
      ) : (
        <>
          {type === 'line' ? (
            <LineChart points={points} title={title} descriptionId={`${id}summary`} />
          ) : (
            <BarChart points={points} stores={stores} detailPanel={detailPanel} />
          )}
          <ChartFigures points={points} labelHeading={labelHeading} />
        </>
      )}
    </section>
  );
}
