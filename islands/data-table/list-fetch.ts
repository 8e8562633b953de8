// One list call: the answer read into a TablePage, or the reason it failed in words the table shows in red
// (the server's own `error`/`sError`, or the JSON parse message). A server error text is also logged as a
// warning (spec section 8).
import { tableMsg } from '../../common/table-messages.ts';
import type { TablePage } from '../../common/table-config.ts';

export type ListOutcome = { ok: true; page: TablePage } | { ok: false; error: string };

let draws = 0;

function serverError(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { error, sError } = json as { error?: unknown; sError?: unknown };
  const text = typeof error === 'string' ? error : typeof sError === 'string' ? sError : undefined;
  return text || undefined;
}

function isPage(json: unknown): json is TablePage {
  const p = json as TablePage;
  return !!p && typeof p === 'object' && Array.isArray(p.data) && typeof p.recordsFiltered === 'number';
}

export async function fetchList(url: string, signal: AbortSignal): Promise<ListOutcome> {
  let res: Response;
  try {
    draws += 1;
    res = await fetch(`${url}&draw=${draws}`, { headers: { Accept: 'application/json' }, signal });
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
  if (!isPage(json)) return { ok: false, error: tableMsg('jsonParse') };
  return { ok: true, page: json };
}
