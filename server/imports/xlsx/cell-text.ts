// A sheet cell's value as the text an import reads. A workbook keeps numbers, dates and booleans as values,
// not as what the cell showed, so each gets one written form that cannot be misread:
//   - a number: its shortest exact decimal, as JavaScript writes it ("1234.5", "-0.25", "0.1234", "1e+21");
//     Excel keeps 17 digits ("1.1000000000000001"), and this gives back the "1.1" that was typed;
//   - a date (a number in a date format): "2026-03-07", or "2026-03-07T14:30:00" with a time of day (to the
//     second, as Excel shows it at most); a time alone (a number below 1 in a time format): "14:30:00";
//   - a boolean: "TRUE" or "FALSE"; an error: as Excel writes it ("#N/A");
//   - text: as typed, Excel's escapes for characters XML cannot hold (_x000D_) undone.
// A percentage or an amount is its value (0.1234, 1234.5), not its look (12.34 %, $1,234.50).

/** What a cell's number format makes of its number: a date (and time), a time of day, or a plain number. */
export type NumberKind = 'date' | 'time' | 'number';

/** Excel's built-in number formats that show dates or times, by id (the rest show numbers). */
const builtInKinds = new Map<number, NumberKind>([
  ...[14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58].map((id) => [id, 'date'] as const),
  ...[18, 19, 20, 21, 32, 33, 45, 47, 55, 56].map((id) => [id, 'time'] as const),
]);

/** The kind of a number format, by its id and (for ids of 164 and up, defined by the workbook) its code. */
export function numberKind(id: number, code: string | undefined): NumberKind {
  const builtIn = builtInKinds.get(id);
  if (builtIn) return builtIn;
  if (code === undefined) return 'number';
  // The first section, without its literal text, colours and conditions, padding and fill characters.
  const section = (code.split(';')[0] ?? '')
    .replace(/"[^"]*"|\\.|_.|\*./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .toLowerCase();
  // Elapsed time ([h]:mm) counts hours past a day: a duration, not a time of day.
  if (/\[[hms]+\]/.test(section)) return 'number';
  if (/[yd]/.test(section)) return 'date';
  if (/[hs]/.test(section)) return 'time';
  if (/m/.test(section)) return 'date';
  return 'number';
}

const SECONDS_PER_DAY = 86_400;
const MS_PER_DAY = SECONDS_PER_DAY * 1000;
/** Excel's day 0 in its 1900 system, counting from 1 March 1900 (before it, it counts 29 February 1900). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

const two = (n: number) => String(n).padStart(2, '0');

function timeOfDay(seconds: number): string {
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

function day(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/**
 * The text of serial day number `serial` in a date or time format. Negative serials, and serials past the
 * year 9999, are no dates: their number is given instead.
 */
export function dateText(serial: number, kind: 'date' | 'time', date1904: boolean): string {
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * SECONDS_PER_DAY);
  if (seconds === SECONDS_PER_DAY) {
    days++;
    seconds = 0;
  }
  if (serial < 0 || days > 2_958_465) return numberText(serial);
  if (days === 0 && !date1904) return timeOfDay(seconds);
  if (kind === 'time' && days === 0) return timeOfDay(seconds);
  let date: string;
  if (date1904) date = day(EPOCH_1904 + days * MS_PER_DAY);
  else if (days === 60) date = '1900-02-29';
  else date = day(EPOCH_1900 + (days < 60 ? days + 1 : days) * MS_PER_DAY);
  return seconds === 0 && kind === 'date' ? date : `${date}T${timeOfDay(seconds)}`;
}

export function numberText(value: number): string {
  return String(value);
}

export const booleanText = (value: string) => (value === '1' || value === 'true' ? 'TRUE' : 'FALSE');

const escaped = /_x([0-9A-Fa-f]{4})_/g;

/** Text as the workbook stores it, with Excel's _xHHHH_ escapes undone (a literal "_x" is itself escaped, _x005F_). */
export function sheetText(text: string): string {
  return text.includes('_x') ? text.replace(escaped, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}
