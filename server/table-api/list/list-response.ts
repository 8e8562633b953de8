// A list answer in the dialect the request spoke: legacy (sEcho, iTotalRecords, iTotalDisplayRecords,
// aaData, sError) or current (draw, recordsTotal, recordsFiltered, data, error). Both carry our additions:
// footer `totals` (and `totalsSyncedAt`, when they were computed), `groups` (a grouped page's groups'
// totals), whether each count is the planner's estimate rather than a count (`totalIsEstimate`,
// `filteredIsEstimate`; `countIsEstimate` when either is), `syncedAt` (when the rows were read) and the `next`
// and `prev` page cursors.
import type { Dialect, TableRequest } from '../request/table-request.ts';
import type { ListResult } from './list.ts';

export function listResponse(req: TableRequest, result: ListResult): Record<string, unknown> {
  const extra = {
    totals: result.totals?.values ?? null,
    totalsSyncedAt: result.totals?.at ?? null,
    countIsEstimate: result.total.estimate || result.filtered.estimate,
    totalIsEstimate: result.total.estimate,
    filteredIsEstimate: result.filtered.estimate,
    groups: result.groups?.groups ?? null,
    syncedAt: result.syncedAt,
    next: result.next,
    prev: result.prev,
  };
  return req.dialect === 'legacy'
    ? { sEcho: req.echo, iTotalRecords: result.total.count, iTotalDisplayRecords: result.filtered.count, aaData: result.rows, ...extra }
    : { draw: req.echo, recordsTotal: result.total.count, recordsFiltered: result.filtered.count, data: result.rows, ...extra };
}

/** A refused or failed list request: no rows, and the message where that dialect's tables look for it. */
export function listError(dialect: Dialect, echo: number, message: string): Record<string, unknown> {
  return dialect === 'legacy'
    ? { sEcho: echo, iTotalRecords: 0, iTotalDisplayRecords: 0, aaData: [], sError: message }
    : { draw: echo, recordsTotal: 0, recordsFiltered: 0, data: [], error: message };
}
