// The parameters the sales reports share: a From/To date pair (dd/MM/yyyy, the spec's date range check in the
// browser and again here) and an optional cycle, which fills the dates in the browser and narrows the range
// to its days on the server. Also the SQL condition they make over daily sales, and the caption saying what
// the figures cover.
import type pg from 'pg';
import type { FormDefinition } from '../../common/form-definition.ts';
import { storeScope } from '../stores/visible-stores.ts';
import type { ChoiceLists } from '../forms/submitted-form.ts';
import { loadCycleChoices } from '../summaries/cycle-choices.ts';
import { calendarDayOf } from '../../common/calendar.ts';
import { dateRangeFields, dateRangePair, rangeCaption } from './date-range.ts';
import type { ReportInput } from './definition.ts';
import { parameterText as text, storesCaption } from './parameters.ts';
import { worded } from '../worded.ts';

export const salesParameters = {
  fields: [
    ...dateRangeFields,
    worded(
      {
        name: 'CycleID',
        kind: 'select',
      },
      { label: 'reportCycleOptional' },
    ),
  ],
  dateRange: dateRangePair,
} as const satisfies FormDefinition;

export async function salesChoices(pool: pg.Pool): Promise<ChoiceLists> {
  return { CycleID: await loadCycleChoices(pool) };
}

/** A date the range check accepted (so one calendarDayOf reads), as PostgreSQL reads it. */
function isoDay(typed: string): string {
  return calendarDayOf(typed)!;
}

export interface SalesFilter {
  /** The WHERE condition over daily sales aliased `x`, its values in `params`. */
  where: string;
  params: unknown[];
  caption: string[];
}

/** Daily sales in the range (and the cycle, when one is chosen) at the user's visible and selected stores. */
export async function salesFilter(input: ReportInput): Promise<SalesFilter> {
  const from = text(input, 'FromDate');
  const to = text(input, 'ToDate');
  const cycleId = text(input, 'CycleID');
  const params: unknown[] = [isoDay(from), isoDay(to)];
  const conditions = ['x.sale_date between $1::date and $2::date'];
  if (cycleId) {
    params.push(Number(cycleId));
    conditions.push(
      `exists (select 1 from cycles c where c.cycle_id = $${params.length} and x.sale_date between c.start_date and c.end_date)`,
    );
  }
  conditions.push(storeScope(input.user, 'x.store_id', input.stores ?? undefined, params));
  const cycleLabel = input.choices.CycleID?.find((c) => c.value === cycleId)?.label;
  return {
    where: conditions.join(' and '),
    params,
    caption: [rangeCaption(from, to), ...(cycleLabel ? [cycleLabel] : []), await storesCaption(input.pool, input.user, input.stores)],
  };
}
