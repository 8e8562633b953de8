// Column filters, read the same way by the table API and by the table island: each column's per-column search
// (DataTables' columns[i][search][value] / sSearch_i) means what its type calls for. Dates: dd/MM/yyyy (one
// day) or dd/MM/yyyy~dd/MM/yyyy (either side may be empty); numbers: min~max (either side may be empty; one
// number alone is that number); choices (a fixed set, yes/no, or values from another table): one value or
// several separated by |; text: contains. A value that cannot be read is a problem with a message, never
// read as something else.
import { isoFromDayMonthYear } from './calendar.ts';
import type { Column } from './resources/types.ts';
import { formatValue } from './format.ts';
import { tableMsg, type TableMessageKey } from './table-messages.ts';

export type FilterKind = 'text' | 'choice' | 'date' | 'number';

/** Between a range's two ends. */
export const RANGE_MARK = '~';
/** Between a choice filter's values. */
export const CHOICE_MARK = '|';

/** A column filter as read: dates as yyyy-mm-dd, numbers as their text (bound as they were typed). */
export type ColumnFilter =
  | { kind: 'text'; text: string }
  | { kind: 'choice'; values: string[] }
  | { kind: 'date'; from: string | null; to: string | null }
  | { kind: 'number'; min: string | null; max: string | null };

/** Why a filter value cannot be read: the message key and its arguments (the column's label first). */
export interface FilterProblem {
  problem: TableMessageKey;
  args: string[];
}

type FilteredColumn = Pick<Column, 'type' | 'values' | 'valueLabels' | 'choicesFrom' | 'label' | 'format'>;

/** The words a boolean column's filter takes (also true/false), and what each means. */
const booleanWords: Readonly<Record<string, boolean>> = { yes: true, no: false, true: true, false: false };
export const booleanChoices = ['yes', 'no'] as const;

export function filterKind(column: FilteredColumn): FilterKind {
  if (column.values || column.choicesFrom || column.type === 'boolean') return 'choice';
  if (column.type === 'date' || column.type === 'datetime') return 'date';
  if (column.type === 'integer' || column.type === 'number') return 'number';
  return 'text';
}

/** A choice column's values when they are known without asking the server (a fixed set, yes/no); else null. */
export function knownChoices(column: FilteredColumn): ReadonlyArray<string> | null {
  if (column.values) return column.values;
  return column.type === 'boolean' ? booleanChoices : null;
}

/** A yes/no filter value as the boolean it means. */
export function booleanOf(word: string): boolean {
  return booleanWords[word.toLowerCase()]!;
}

const numberPatterns = { integer: /^-?\d{1,15}$/, number: /^-?\d{1,15}(\.\d{1,10})?$/ } as const;

/** `text` read as a filter on `column`, or the problem it has. `text` is trimmed and not empty. */
export function readColumnFilter(column: FilteredColumn, text: string): ColumnFilter | FilterProblem {
  const kind = filterKind(column);
  const problem = (key: TableMessageKey, ...args: string[]): FilterProblem => ({ problem: key, args: [column.label, ...args] });
  switch (kind) {
    case 'text':
      return { kind, text };
    case 'choice': {
      const values = [...new Set(text.split(CHOICE_MARK).map((v) => v.trim()))];
      if (values.some((v) => v === '')) return problem('filterEmptyChoice', text);
      const known = knownChoices(column);
      const fits = (v: string) => (column.type === 'boolean' ? Object.hasOwn(booleanWords, v.toLowerCase()) : !known || known.includes(v));
      const wrong = values.find((v) => !fits(v));
      if (wrong !== undefined) return problem('filterNotAChoice', wrong, (known ?? []).join(', '));
      return { kind, values };
    }
    case 'date':
    case 'number': {
      const ends = text.split(RANGE_MARK).map((v) => v.trim());
      if (ends.length > 2) return problem(kind === 'date' ? 'filterBadDate' : 'filterBadNumber', text);
      const [first = '', last = first] = ends;
      if (first === '' && last === '') return problem('filterNoEnds', text);
      if (kind === 'date') {
        const [from, to] = [first, last].map((end) => (end === '' ? null : isoFromDayMonthYear(end)));
        if ((first !== '' && from === null) || (last !== '' && to === null)) return problem('filterBadDate', text);
        if (from && to && from > to) return problem('filterBackwards', text);
        return { kind, from: from ?? null, to: to ?? null };
      }
      const pattern = column.type === 'integer' ? numberPatterns.integer : numberPatterns.number;
      const bad = [first, last].find((end) => end !== '' && !pattern.test(end));
      if (bad !== undefined) return problem(column.type === 'integer' ? 'filterBadWholeNumber' : 'filterBadNumber', text);
      const [min, max] = [first, last].map((end) => (end === '' ? null : end));
      if (min !== null && max !== null && Number(min) > Number(max)) return problem('filterBackwards', text);
      return { kind, min: min ?? null, max: max ?? null };
    }
  }
}

export function isFilterProblem(read: ColumnFilter | FilterProblem): read is FilterProblem {
  return 'problem' in read;
}

/** yyyy-mm-dd as dd/MM/yyyy, the way filters are written. */
export function dayText(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** A filter written back as its per-column search text ('' when it filters nothing). */
export function filterText(filter: ColumnFilter): string {
  switch (filter.kind) {
    case 'text':
      return filter.text.trim();
    case 'choice':
      return filter.values.join(CHOICE_MARK);
    case 'date':
      if (filter.from === null && filter.to === null) return '';
      return filter.from !== null && filter.from === filter.to
        ? dayText(filter.from)
        : `${filter.from ? dayText(filter.from) : ''}${RANGE_MARK}${filter.to ? dayText(filter.to) : ''}`;
    case 'number':
      if (filter.min === null && filter.max === null) return '';
      return filter.min !== null && filter.min === filter.max ? filter.min : `${filter.min ?? ''}${RANGE_MARK}${filter.max ?? ''}`;
  }
}

/** A global search word read as a day (dd/MM/yyyy), which also finds rows on that day in date columns. */
export function searchedDay(word: string): string | null {
  return isoFromDayMonthYear(word);
}

/** One choice in the words people read: Yes/No, a value's own words (a region's name for its code), else itself. */
export function choiceText(column: Pick<Column, 'type' | 'valueLabels'>, value: string): string {
  return column.type === 'boolean' ? formatValue(booleanOf(value), 'boolean') : (column.valueLabels?.[value] ?? value);
}

/** A filter in words, as its chip and a printed table's caption say it: "contains "air"", "01/11/2026 to 07/11/2026". */
export function filterSummary(column: FilteredColumn, filter: ColumnFilter): string {
  // An open end is said as its field says it: From/To for days, At least/At most for numbers.
  const range = (from: string | null, to: string | null, numeric = false) =>
    from !== null && from === to
      ? from
      : from !== null && to !== null
        ? tableMsg('filterRangeText', from, to)
        : from !== null
          ? tableMsg(numeric ? 'filterAtLeastText' : 'filterFromText', from)
          : tableMsg(numeric ? 'filterAtMostText' : 'filterToText', to ?? '');
  switch (filter.kind) {
    case 'text':
      return tableMsg('filterSaysContains', filter.text);
    case 'choice':
      return filter.values.map((v) => choiceText(column, v)).join(', ');
    case 'date':
      return range(filter.from && dayText(filter.from), filter.to && dayText(filter.to));
    case 'number': {
      // A whole-number column shown as text (a store's number) reads best as typed.
      const shown = (v: string | null) => (v === null ? null : column.format === 'text' ? v : formatValue(v, column.format));
      return range(shown(filter.min), shown(filter.max), true);
    }
  }
}
