// Calendar arithmetic shared by validation and the table API's cursors: whether a year, month and day name
// a day that exists, without allocating a Date (JavaScript's would take 30 February as 2 March).
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
