// The From/To date pair every dated report asks for: two dd/MM/yyyy fields checked together by the spec's date
// range rule (in the browser and again on the server), the day a typed date names once it passed, and the
// caption naming the range.
import { formatDate } from '../../common/format.ts';
import type { DateRangePair, FormField } from '../../common/form-definition.ts';
import { msg, type MessageKey } from '../messages.ts';
import { dayOf } from '../../common/date-range.ts';
import { worded } from '../worded.ts';

/** A dd/MM/yyyy field; its words follow the language file (server/worded.ts). */
function dateField<const Name extends string>(name: Name, label: MessageKey) {
  return worded({ name, kind: 'text', autocomplete: 'off', hint: 'hintDate' } as const, { label, placeholder: 'reportDatePlaceholder' });
}

export const dateRangeFields = [
  dateField('FromDate', 'reportFromDate'),
  dateField('ToDate', 'reportToDate'),
] as const satisfies ReadonlyArray<FormField>;

export const dateRangePair = { name: 'DateRange', from: 'FromDate', to: 'ToDate' } as const satisfies DateRangePair;

/** The day a date typed names (one the range check accepted, so read alike: common/calendar.ts, calendarDayOf). */
export function typedDay(typed: string): Date {
  return dayOf(typed)!;
}

/** The caption line of a range, in the app's dd/MM/yyyy whatever was typed ("1/2/2025", "2025-02-01": 01/02/2025). */
export function rangeCaption(from: string, to: string): string {
  return msg('reportRange', formatDate(typedDay(from)), formatDate(typedDay(to)));
}
