// The From/To date pair every dated report asks for: two dd/MM/yyyy fields checked together by the spec's date
// range rule (in the browser and again on the server), and the day a typed date names once it passed.
import { parse } from 'date-fns';
import type { DateRangePair, FormField } from '../../common/form-definition.ts';
import { msg } from '../../common/messages.ts';
import { dateRangeDefaults } from '../../common/validation.ts';

// Label and placeholder are getters, read when the form is drawn, after the server's language file (definition.ts).
export const dateRangeFields = [
  {
    name: 'FromDate',
    get label() {
      return msg('reportFromDate');
    },
    kind: 'text',
    get placeholder() {
      return msg('reportDatePlaceholder');
    },
    autocomplete: 'off',
    hint: 'hintDate',
  },
  {
    name: 'ToDate',
    get label() {
      return msg('reportToDate');
    },
    kind: 'text',
    get placeholder() {
      return msg('reportDatePlaceholder');
    },
    autocomplete: 'off',
    hint: 'hintDate',
  },
] as const satisfies ReadonlyArray<FormField>;

export const dateRangePair = { name: 'DateRange', from: 'FromDate', to: 'ToDate' } as const satisfies DateRangePair;

/** The day a date typed as dd/MM/yyyy names (one the range check accepted). */
export function typedDay(typed: string): Date {
  return parse(typed, dateRangeDefaults.format, new Date());
}
