// The error record a browser sends to the IT department (spec section 3): its fields, the size each may
// have, and how an over-long one is cut. The browser trims before sending and the server cuts again before
// storing, so neither a runaway stack trace nor a hostile client fills the user_errors table. A failed
// request's report carries the id the server gave it (its X-Request-Id), so IT finds the server's log line.

export const errorTextFields = [
  'Page',
  'Url',
  'ErrorThrown',
  'Message',
  'ExceptionMessage',
  'ExceptionType',
  'StackTrace',
  'RequestId',
] as const;
export type ErrorTextField = (typeof errorTextFields)[number];

export type ErrorReport = Partial<Record<ErrorTextField, string>> & { Status?: number | null };

/** Characters kept per field; the stack trace is also cut to `maxStackLines` lines. */
export const errorFieldLimits: Record<ErrorTextField, number> = {
  Page: 2000,
  Url: 2000,
  ErrorThrown: 500,
  Message: 4000,
  ExceptionMessage: 4000,
  ExceptionType: 200,
  StackTrace: 16_000,
  // As long as the server takes from a proxy (server/plugins/request-ids.ts).
  RequestId: 128,
};
export const maxStackLines = 200;

/** A report body larger than this is refused whole (413): a real report is a few kilobytes. */
export const maxReportBytes = 64 * 1024;

/** `text` cut to `limit` characters, saying how much was cut so IT knows the record is partial. */
function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = ` [${text.length - limit} characters cut]`;
  return text.slice(0, Math.max(0, limit - note.length)) + note;
}

function cutStack(stack: string): string {
  const lines = stack.split('\n');
  const kept = lines.length > maxStackLines ? [...lines.slice(0, maxStackLines), `[${lines.length - maxStackLines} lines cut]`] : lines;
  return cutText(kept.join('\n'), errorFieldLimits.StackTrace);
}

/** The report with every text field within its limit; empty fields are left out. */
export function trimReport(report: ErrorReport): ErrorReport {
  const out: ErrorReport = {};
  for (const field of errorTextFields) {
    const value = report[field];
    if (typeof value !== 'string' || value === '') continue;
    out[field] = field === 'StackTrace' ? cutStack(value) : cutText(value, errorFieldLimits[field]);
  }
  if (typeof report.Status === 'number' && Number.isInteger(report.Status)) out.Status = report.Status;
  return out;
}
