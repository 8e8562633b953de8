// The reporting cycles a summary's or a report's form can name: the monthly ones, then the weekly ones,
// newest first. Each option carries its first and last day (dd/MM/yyyy), with which the browser fills a form's date range
// when the cycle is picked (islands/forms/cycle-fills-range.ts). Kept as the summaries' figures are (every
// report, Summaries and Charts page draws them; a change to cycles forgets them).
import type pg from 'pg';
import type { Choice } from '../forms/submitted-form.ts';
import { keptQuery } from './kept-figures.ts';

export async function loadCycleChoices(pool: pg.Pool): Promise<Choice[]> {
  const r = await keptQuery<{ value: string; label: string; from: string; to: string }>(
    pool,
    `select cycle_id::text as value,
            initcap(kind) || ': ' || name || ' (' || to_char(start_date, 'DD/MM/YYYY') || ' to ' || to_char(end_date, 'DD/MM/YYYY') || ')' as label,
            to_char(start_date, 'DD/MM/YYYY') as "from", to_char(end_date, 'DD/MM/YYYY') as "to"
     from cycles order by kind, start_date desc`,
    [],
  );
  return r.rows.map(({ value, label, from, to }) => ({ value, label, data: { from, to } }));
}
