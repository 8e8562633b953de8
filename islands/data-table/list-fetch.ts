// One list call: the answer read into a TablePage, or the reason it failed in words the table shows in red
// (the server's own `error`/`sError`, or the JSON parse message). A server error text is also logged as a
// warning (spec section 8). The call is a GET, or a POST of the same parameters as a form body, as the table
// is configured (spec section 7); its rows are where the table is told they are: a property of the answer
// (`data`, the table API's), or the answer itself when it is an array (spec section 3).
import { tableMsg } from '../../common/table-messages.ts';
import type { Row, TableConfig, TablePage } from '../../common/table-config.ts';
import { csrfToken } from '../shell/csrf.ts';

export type ListOutcome = { ok: true; page: TablePage } | { ok: false; error: string };

let draws = 0;

function serverError(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { error, sError } = json as { error?: unknown; sError?: unknown };
  const text = typeof error === 'string' ? error : typeof sError === 'string' ? sError : undefined;
  return text || undefined;
}

/** How the table calls its list: the method, and where the answer holds its rows. */
export type ListCall = Pick<TableConfig, 'listMethod' | 'rowsProperty'>;

/** The value at a property path of the answer ('a.b' for a nested one); the answer itself for ''. */
function at(json: unknown, path: string): unknown {
  if (path === '') return json;
  let value = json;
  for (const key of path.split('.'))
    value = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The answer as a page, its rows read where the table is told they are; null when they are not there. An
 * answer without counts (a bare array of rows) counts the rows it holds; one without a time stamp was read now.
 */
function pageOf(json: unknown, rowsProperty: string): TablePage | null {
  const data = at(json, rowsProperty);
  if (!Array.isArray(data) || !data.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) return null;
  const p: Partial<TablePage> = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};
  const count = (n: unknown) => (typeof n === 'number' ? n : data.length);
  return {
    draw: count(p.draw),
    recordsTotal: count(p.recordsTotal),
    recordsFiltered: count(p.recordsFiltered),
    data: data as Row[],
    totals: p.totals ?? null,
    totalsSyncedAt: p.totalsSyncedAt ?? null,
    countIsEstimate: p.countIsEstimate === true,
    totalIsEstimate: (p.totalIsEstimate ?? p.countIsEstimate) === true,
    filteredIsEstimate: (p.filteredIsEstimate ?? p.countIsEstimate) === true,
    groups: p.groups ?? null,
    syncedAt: typeof p.syncedAt === 'string' ? p.syncedAt : new Date().toISOString(),
    next: p.next ?? null,
    prev: p.prev ?? null,
  };
}

/** The request for a list URL (`<list URL>?<parameters>`): a GET of it, or a POST of its parameters. */
function listRequest(url: string, call: ListCall, signal: AbortSignal): [string, RequestInit] {
  const split = url.indexOf('?');
  const path = split < 0 ? url : url.slice(0, split);
  const query = new URLSearchParams(split < 0 ? '' : url.slice(split + 1));
  query.set('draw', String(draws));
  const accept = { Accept: 'application/json' };
  if (call.listMethod !== 'POST') return [`${path}?${query}`, { headers: accept, signal }];
  const headers = { ...accept, 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': csrfToken() };
  return [path, { method: 'POST', headers, body: query, signal }];
}

export async function fetchList(url: string, signal: AbortSignal, call: ListCall = {}): Promise<ListOutcome> {
  let res: Response;
  try {
    draws += 1;
    res = await fetch(...listRequest(url, call, signal));
    // The answer's headers, for the page to see whether its user's access changed (shell/access-changed.ts).
    document.dispatchEvent(new CustomEvent('backroom:answer', { detail: res.headers }));
  } catch (err) {
    if (signal.aborted) throw err;
    return { ok: false, error: tableMsg('tableListFailed', (err as Error).message || 'network') };
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    if (signal.aborted) throw err;
    return { ok: false, error: tableMsg('jsonParse') };
  }
  const error = serverError(json);
  if (error) console.warn(`${url}: ${error}`);
  if (!res.ok) return { ok: false, error: error ?? tableMsg('tableListFailed', res.status) };
  const page = pageOf(json, call.rowsProperty ?? 'data');
  return page ? { ok: true, page } : { ok: false, error: tableMsg('jsonParse') };
}
