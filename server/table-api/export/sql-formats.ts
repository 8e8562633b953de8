// A column's value as the table shows it (common/format.ts formatValue), written as SQL, so an export's
// million cells are formatted by the database in C rather than one by one in JavaScript (where decoding
// the typed values alone is too slow for the export's budget of 300k rows/s). A property test holds every
// expression here equal to formatValue for the value shapes each column type holds. NULL stays NULL: an
// empty cell.
import type { FormatName } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';

type Digits = NonNullable<ColumnDef['digits']>;

/** Enough digit places for any bigint and for numeric amounts to 10^27, when the column's size is not known. */
const ANY_SIZE: Digits = { whole: 27, decimals: Number.POSITIVE_INFINITY };

/**
 * to_char's pattern for `whole` digit places, comma grouped, and `decimals` places; FM drops unused ones.
 * A prefix is written after the minus (MI places it first: -$1.00), a suffix after the digits.
 */
function pattern(whole: number, decimals: number, prefix = '', suffix = ''): string {
  const places = `${'9'.repeat(Math.max(whole, 1) - 1)}0`;
  const grouped = places.replace(/\B(?=(\d{3})+$)/g, ',');
  return `FM${prefix ? `MI${patternText(prefix)}` : ''}${grouped}${decimals ? `.${'0'.repeat(decimals)}` : ''}${patternText(suffix)}`;
}

/** Text a to_char pattern writes as it is: double-quoted, its quotes and backslashes escaped. */
function patternText(text: string): string {
  return text ? `"${text.replace(/["\\]/g, '\\$&')}"` : '';
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A decimal rounded half away from zero to `decimals` places, comma grouped, with `prefix` after the sign.
 * The minus is written only when the rounded value is not zero (-0.004 -> "0.00"), as formatValue does:
 * below -half a unit of the last place is exactly when rounding away from zero leaves a non-zero value.
 * A value of no more decimals than shown needs no rounding and is never -0: one to_char writes it whole,
 * prefix and suffix in its pattern (the export's million rows spent most of their time here).
 */
function fixed(value: string, decimals: number, digits: Digits, prefix = '', suffix = ''): string {
  if (digits.decimals <= decimals) return `to_char(${value}, ${literal(pattern(digits.whole, decimals, prefix, suffix))})`;
  const shape = literal(pattern(digits.whole, decimals));
  const [open, close] = [prefix ? `${literal(prefix)} || ` : '', suffix ? ` || ${literal(suffix)}` : ''];
  const half = decimals ? `0.${'0'.repeat(decimals)}5` : '0.5';
  return `(case when (${value}) <= -${half} then ${literal('-')} || ${open}to_char(-(${value}), ${shape})${close}
    else ${open}to_char(abs(${value}), ${shape})${close} end)`;
}

/** Integers need no rounding and to_char writes their minus itself. */
function whole(sql: string, type: ValueType, digits: Digits): string {
  return type === 'integer' ? `to_char(${sql}, '${pattern(digits.whole, 0)}')` : fixed(sql, 0, digits);
}

/** Percentages show the value x100: two more whole digits, two fewer decimals. */
function hundredfold(digits: Digits): Digits {
  return { whole: digits.whole + 2, decimals: Math.max(0, digits.decimals - 2) };
}

function day(sql: string, pattern: string): string {
  return `to_char(${sql}, '${pattern}')`;
}

/**
 * Text a spreadsheet would run as a formula (= + - @ tab CR first) gets an apostrophe in front. The
 * first character is compared by its code (ascii('=') is 61): compared as text, it cost eight times as much.
 */
function defused(text: string): string {
  const codes = ['=', '+', '-', '@', '\t', '\r'].map((c) => c.charCodeAt(0)).join(', ');
  return `(case when ascii(${text}) in (${codes}) then '''' || ${text} else ${text} end)`;
}

/** The text of a value as formatValue's 'text' format writes it, defused where it could start a formula. */
function asText(sql: string, type: ValueType): string {
  switch (type) {
    case 'text':
      return `nullif(${defused(sql)}, '')`;
    // Timestamps read as JavaScript Dates, which formatValue writes as date and time.
    case 'datetime':
      return day(sql, 'DD/MM/YYYY HH24:MI');
    // As pg hands a date to JavaScript (the export's datestyle writes dd/mm/yyyy).
    case 'date':
      return day(sql, 'YYYY-MM-DD');
    // A number's text starts with a formula character only when it is negative.
    case 'integer':
    case 'number':
      return `(case when (${sql}) < 0 then '''' || (${sql})::text else (${sql})::text end)`;
    default:
      return `(${sql})::text`;
  }
}

const formatters: Record<FormatName, (sql: string, type: ValueType, digits: Digits) => string> = {
  text: asText,
  integer: whole,
  number: (sql, _type, digits) => fixed(sql, 2, digits),
  currency: (sql, _type, digits) => fixed(sql, 2, digits, '$'),
  percent: (sql, _type, digits) => fixed(`(${sql}) * 100`, 2, hundredfold(digits), '', '%'),
  // A date's own text is dd/mm/yyyy under the export's datestyle, at a fraction of to_char's cost.
  date: (sql, type) => (type === 'date' ? `(${sql})::text` : day(sql, 'DD/MM/YYYY')),
  datetime: (sql) => day(sql, 'DD/MM/YYYY HH24:MI'),
  boolean: (sql) => `(case when ${sql} then ${literal(msg('yes'))} when not ${sql} then ${literal(msg('no'))} end)`,
};

/**
 * Run in the export's transaction before its query: dates and times in the server process's own time zone
 * (where formatValue reads them), and dates written dd/mm/yyyy (SQL style, day first), as the table shows them.
 */
export const formatSettings = {
  text: `select set_config('timezone', $1, true), set_config('datestyle', 'SQL, DMY', true)`,
  params: [Intl.DateTimeFormat().resolvedOptions().timeZone],
};

/** The SQL text of a column's displayed value, within the export's settings (formatSettings). */
export function formattedSql(column: Pick<ColumnDef, 'sql' | 'type' | 'format' | 'digits'>): string {
  return formatters[column.format](column.sql, column.type, column.digits ?? ANY_SIZE);
}
