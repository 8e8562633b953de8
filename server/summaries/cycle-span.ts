// Which days a summary covers: the chosen cycle, or the current one of its kind (the latest that has
// begun by the last day with sales, so the figures are never of an empty new week), up to that last day;
// and the days of the cycle before it to compare with. A cycle still under way is compared with the same
// number of days of the previous one (the first 14 days of June against the first 14 of May), a closed
// one with the whole previous cycle. A cycle not begun by that day (one entered ahead, up to 9999) covers no
// day, and so does the part of the previous one compared with it: its end is the day before its start (the
// days between could stretch the previous cycle's past the calendar's first day, which PostgreSQL refuses).
import type pg from 'pg';
import type { CycleKind, SummaryFilter } from './summary-filter.ts';
import { keptQuery } from './kept-figures.ts';

export interface Period {
  cycleId: number;
  name: string;
  /** yyyy-mm-dd, both days included. */
  from: string;
  through: string;
}

export interface CycleSpan extends Period {
  kind: CycleKind;
  previous: Period | null;
}

interface SpanRow {
  cycle_id: number;
  kind: CycleKind;
  name: string;
  from: string;
  through: string;
  prev_id: number | null;
  prev_name: string | null;
  prev_from: string | null;
  prev_through: string | null;
}

/** The span of the filter's cycle; null when there is no such cycle. */
export async function cycleSpan(pool: pg.Pool, filter: Pick<SummaryFilter, 'cycleId' | 'kind'>): Promise<CycleSpan | null> {
  const r = await keptQuery<SpanRow>(
    pool,
    `with last_sale as (select coalesce(max(sale_date), current_date) as d from sales),
          chosen as (
            select c.* from cycles c
            where case when $1::int is null then c.kind = $2 and c.start_date <= (select d from last_sale) else c.cycle_id = $1 end
            order by c.start_date desc limit 1)
     select c.cycle_id, c.kind, c.name, c.start_date::text as "from", least(c.end_date, l.d)::text as through,
            p.cycle_id as prev_id, p.name as prev_name, p.start_date::text as prev_from,
            (case when l.d >= c.end_date then p.end_date
                  else least(p.end_date, p.start_date + greatest(l.d - c.start_date, -1)) end)::text as prev_through
     from chosen c cross join last_sale l
     left join lateral (
       select * from cycles p where p.kind = c.kind and p.start_date < c.start_date order by p.start_date desc limit 1
     ) p on true`,
    [filter.cycleId, filter.kind],
  );
  const row = r.rows[0];
  if (!row) return null;
  const previous =
    row.prev_id !== null
      ? { cycleId: row.prev_id, name: row.prev_name ?? '', from: row.prev_from ?? '', through: row.prev_through ?? '' }
      : null;
  return { cycleId: row.cycle_id, kind: row.kind, name: row.name, from: row.from, through: row.through, previous };
}
