// What a chart shows, as the chart endpoints answer it and the chart island draws it: labelled points whose
// values are dollar amounts (exact decimal text), with the spec's chart defaults (section 9: font size 11,
// number prefixes k, M, G, an update rate of 30 seconds).
export const chartDefaults = { fontSize: 11, refreshSeconds: 30 } as const;

export const chartTypes = ['line', 'bar'] as const;
export type ChartType = (typeof chartTypes)[number];

export interface ChartPoint {
  /** The full name: a cycle, a store, a state. */
  label: string;
  /** A short name for an axis ("Jun 2025", never "Jun 25", which reads as a day); the label when absent. */
  short?: string;
  /** Sales in dollars as decimal text; null when there were none. */
  value: string | null;
  /** Where the point's detail is, for a drill-down link (loaded into the page's detail panel). */
  href?: string;
  /**
   * The period has not ended (this month, 27 of 30 days in): its figure is to date, so it is marked, and it
   * is not called the highest or the lowest beside periods that ended.
   */
  running?: boolean;
}

/** Reads a chart endpoint's answer: a list of points; anything else counts as no points. */
export function readChartPoints(json: unknown): ChartPoint[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (p): p is ChartPoint =>
      p !== null && typeof p === 'object' && typeof p.label === 'string' && (p.value === null || typeof p.value === 'string'),
  );
}
