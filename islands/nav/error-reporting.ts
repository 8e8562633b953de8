// Sends error records to the IT department (POST /api/admin/user-error): the error dialog's "Send to IT",
// and every uncaught script error or unhandled promise rejection. The same error is sent once per page
// and at most a few per minute, so a loop that throws cannot flood IT or the network. A "Send to IT" that
// fails (the server or its database down) is kept in the tab (its session storage, which is the signed-in
// user's only: shell/tab-owner.ts) and sent again when the server answers, from this page or the next.
import { trimReport, type ErrorReport } from '../../common/error-report.ts';
import { jsonHeaders } from '../shell/csrf.ts';

export const MAX_UNCAUGHT_PER_MINUTE = 5;

/** Whether the server stored the report. Never throws: a failed report must not raise another error. */
export async function sendErrorReport(report: ErrorReport): Promise<boolean> {
  try {
    const res = await fetch('/api/admin/user-error', {
      method: 'POST',
      headers: { ...jsonHeaders(), 'X-App-Version': document.querySelector<HTMLMetaElement>('meta[name="app-version"]')?.content ?? '' },
      body: JSON.stringify(trimReport(report)),
      // The page may be unloading (a reload right after an error): let the report finish anyway.
      keepalive: true,
    });
    return res.ok;
  } catch {
    return false;
  }
}

const KEPT_REPORTS = 'backroom.keptErrorReports';
/** Reports kept at most: the newest are kept, a failing server must not fill the browser's storage. */
const MOST_KEPT = 20;
/** How often kept reports are tried again while the server does not answer. */
const RETRY_MS = 30_000;

function keptReports(): ErrorReport[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEPT_REPORTS) ?? '[]');
    return Array.isArray(kept) ? (kept as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

function keep(reports: ErrorReport[]): void {
  if (reports.length === 0) sessionStorage.removeItem(KEPT_REPORTS);
  else sessionStorage.setItem(KEPT_REPORTS, JSON.stringify(reports.slice(-MOST_KEPT)));
}

let retry: ReturnType<typeof setTimeout> | undefined;

/** Sends the kept reports, oldest first, until one fails; what is left is tried again later. */
async function sendKept(): Promise<void> {
  clearTimeout(retry);
  retry = undefined;
  let kept = keptReports();
  while (kept.length > 0 && (await sendErrorReport(kept[0]!))) {
    kept = keptReports().slice(1);
    keep(kept);
  }
  if (kept.length > 0) retry = setTimeout(() => void sendKept(), RETRY_MS);
}

/**
 * Sends a report the person asked to send; one the server did not take is kept and sent later. Whether it
 * was sent now.
 */
export async function sendOrKeep(report: ErrorReport): Promise<boolean> {
  if (await sendErrorReport(report)) return true;
  const text = JSON.stringify(report);
  keep([...keptReports().filter((r) => JSON.stringify(r) !== text), report]);
  retry ??= setTimeout(() => void sendKept(), RETRY_MS);
  return false;
}

const sentOnThisPage = new Set<string>();
const recentSends: number[] = [];

function reportUncaught(error: unknown, message: string, source: string): void {
  const page = location.pathname + location.search;
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  // The message and the throwing frame identify "the same error"; the page makes it once per page.
  const key = [page, message, stack.split('\n').find((line) => line.trim().startsWith('at ')) ?? ''].join('\n');
  if (sentOnThisPage.has(key)) return;
  const now = Date.now();
  while (recentSends.length > 0 && now - recentSends[0]! > 60_000) recentSends.shift();
  if (recentSends.length >= MAX_UNCAUGHT_PER_MINUTE) return;
  sentOnThisPage.add(key);
  recentSends.push(now);
  void sendErrorReport({
    Url: source || location.href,
    Page: page,
    ErrorThrown: error instanceof Error ? error.name : typeof error,
    StackTrace: stack,
    Message: message,
  });
}

export function startErrorReporting(): void {
  if (keptReports().length > 0) void sendKept();
  window.addEventListener('online', () => {
    if (retry !== undefined) void sendKept();
  });
  window.addEventListener('error', (event) => {
    // Failed images and scripts also fire `error` (not as ErrorEvent, and only in the capture phase).
    if (!(event instanceof ErrorEvent)) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    reportUncaught(event.error, event.message, where);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    reportUncaught(reason, `Unhandled promise rejection: ${message}`, '');
  });
}
