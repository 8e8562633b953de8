// Calendar arithmetic shared by validation, the table API's cursors and the row dialogs: whether a year, month
// and day name a day that exists, without allocating a Date (JavaScript's would take 30 February as 2 March),
// and the dd/MM/yyyy people type as the yyyy-mm-dd the database and a native date input hold.
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
