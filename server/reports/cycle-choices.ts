// The reporting cycles a report can be narrowed to: the monthly ones, then the weekly ones, newest first.
import type pg from 'pg';
import type { Choice } from '../forms/submitted-form.ts';

export async function loadCycleChoices(pool: pg.Pool): Promise<Choice[]> {
  const r = await pool.query<Choice>(
    `select cycle_id::text as value,
            initcap(kind) || ': ' || name || ' (' || to_char(start_date, 'DD/MM/YYYY') || ' to ' || to_char(end_date, 'DD/MM/YYYY') || ')' as label
     from cycles order by kind, start_date desc`,
  );
  return r.rows;
}
