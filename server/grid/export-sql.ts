// A column's value as the table shows it (common/format.ts formatValue), written as SQL, so an export's
// million cells are formatted by the database in C rather than one by one in JavaScript (where decoding
// the typed values alone capped the export near 150k rows/s). A property test holds every expression here
// equal to formatValue for the value shapes each column type holds. NULL stays NULL: an empty cell.
import type { FormatName } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';
import type { ColumnDef, ValueType } from '../../common/resources/types.ts';

// Enough digit places for any bigint and for numeric amounts to 10^27; FM drops the unused ones.
const WHOLE = 'FM999,999,999,999,999,999,999,999,990';

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A decimal rounded half away from zero to `decimals` places, comma grouped, with `prefix` after the sign.
 * The minus is written only when the rounded value is not zero (-0.004 -> "0.00"), as formatValue does:
 * below -half a unit of the last place is exactly when rounding away from zero leaves a non-zero value.
 */
function fixed(value: string, decimals: number, prefix = '', suffix = ''): string {
  const pattern = decimals ? `${WHOLE}.${'0'.repeat(decimals)}` : WHOLE;
  const half = decimals ? `0.${'0'.repeat(decimals)}5` : '0.5';
  const [open, close] = [prefix ? `${literal(prefix)} || ` : '', suffix ? ` || ${literal(suffix)}` : ''];
  return `(case when (${value}) <= -${half} then ${literal('-')} || ${open}to_char(-(${value}), '${pattern}')${close}
    else ${open}to_char(abs(${value}), '${pattern}')${close} end)`;
}

/** Integers need no rounding and to_char writes their minus itself. */
function whole(sql: string, type: ValueType): string {
  return type === 'integer' ? `to_char(${sql}, '${WHOLE}')` : fixed(sql, 0);
}

function day(sql: string, pattern: string): string {
  return `to_char(${sql}, '${pattern}')`;
}

/** Text a spreadsheet would run as a formula (= + - @ tab CR first) gets an apostrophe in front (csv.ts). */
function defused(text: string): string {
  return `(case when left(${text}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${text} else ${text} end)`;
}

/** The text of a value as formatValue's 'text' format writes it, defused where it could start a formula. */
function asText(sql: string, type: ValueType): string {
  switch (type) {
    case 'text':
      return `nullif(${defused(sql)}, '')`;
    // Timestamps read as JavaScript Dates, which formatValue writes as date and time.
    case 'datetime':
      return day(sql, 'DD/MM/YYYY HH24:MI');
    // A number's text starts with a formula character only when it is negative.
    case 'integer':
    case 'number':
      return `(case when (${sql}) < 0 then '''' || (${sql})::text else (${sql})::text end)`;
    default:
      return `(${sql})::text`;
  }
}

const formatters: Record<FormatName, (sql: string, type: ValueType) => string> = {
  text: asText,
  integer: whole,
  number: (sql) => fixed(sql, 2),
  currency: (sql) => fixed(sql, 2, '$'),
  percent: (sql) => fixed(`(${sql}) * 100`, 2, '', '%'),
  date: (sql) => day(sql, 'DD/MM/YYYY'),
  datetime: (sql) => day(sql, 'DD/MM/YYYY HH24:MI'),
  boolean: (sql) => `(case when ${sql} then ${literal(msg('yes'))} when not ${sql} then ${literal(msg('no'))} end)`,
};

/**
 * Run in the export's transaction before its query: dates and times in the server process's own time zone
 * (where formatValue reads them), and dates as text in ISO order (as pg hands them to JavaScript).
 */
export const formatSettings = {
  text: `select set_config('timezone', $1, true), set_config('datestyle', 'ISO', true)`,
  params: [Intl.DateTimeFormat().resolvedOptions().timeZone],
};

/** The SQL text of a column's displayed value; dates and times in the session's time zone (formatSettings). */
export function formattedSql(column: Pick<ColumnDef, 'sql' | 'type' | 'format'>): string {
  return formatters[column.format](column.sql, column.type);
}
