// Calendar arithmetic shared by validation, the table API's cursors and the row dialogs: whether a year, month
// and day name a day that exists, without allocating a Date (JavaScript's would take 30 February as 2 March),
// and the one reader of a date a person or a request sends (calendarDayOf: dd/MM/yyyy or year first) as the
// yyyy-mm-dd the database and a native date input hold. Report dates, row values, table filters, validation
// rules and the date picker all read dates with it, so a date means the same, and fails the same, everywhere.
function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether year/month/day (month 1-12) name a day that exists, e.g. not 31 February nor 29 February 2023. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const monthDays = daysInMonth[month - 1];
  if (year < 1 || monthDays === undefined || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : monthDays);
}

/** Whether the text is a yyyy-mm-dd date naming a day that exists. */
export function isIsoCalendarDate(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return parts !== null && isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3]));
}

const dayMonthYearPattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** dd/MM/yyyy text (a 1-2 digit day and month, a 4 digit year) as yyyy-mm-dd; `null` when it names no day. */
export function isoFromDayMonthYear(text: string): string | null {
  const parts = dayMonthYearPattern.exec(text);
  if (parts === null) return null;
  const [, day, month, year] = parts as unknown as [string, string, string, string];
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

// One separator used twice: "2024-01/05" is more likely a typo than a date.
const yearMonthDayPattern = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;

/** yyyy-mm-dd text (also yyyy/m/d: a 1-2 digit month and day) as yyyy-mm-dd; `null` when it names no day. */
export function isoFromYearMonthDay(text: string): string | null {
  const parts = yearMonthDayPattern.exec(text);
  if (parts === null) return null;
  const [, year, , month, day] = parts as unknown as [string, string, string, string, string];
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * A date as people type it (dd/MM/yyyy, the spec's format) or as a program sends it (yyyy-mm-dd), surrounding
 * spaces aside, as the yyyy-mm-dd day it names; `null` when it names none.
 */
export function calendarDayOf(text: string): string | null {
  const trimmed = text.trim();
  return isoFromDayMonthYear(trimmed) ?? isoFromYearMonthDay(trimmed);
}
