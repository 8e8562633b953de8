// The Views dialog's calls (server/routes/api/table-views.ts; docs/api.md, "Saved views"): a table's views,
// keeping a new one, changing one (its name, sharing or state, at the version read), deleting one, and
// choosing the one the table opens with. Each answers its JSON or, when it brings none, the refusal in
// words, with the field at fault where there is one (json-call.ts).
import type { TableView, TableViews, ViewState } from '../../../common/table-views.ts';
import { viewMsg } from '../../../common/view-messages.ts';
import { csrfToken, jsonHeaders } from '../../shell/csrf.ts';
import { jsonCall, type Answer } from '../json-call.ts';

const base = '/api/table-views';

function call<T>(url: string, method: string, body?: unknown): Promise<Answer<T>> {
  // A call without a body says no content type: the server refuses an empty body said to be JSON.
  const init = (): RequestInit =>
    body === undefined
      ? { method, headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() } }
      : { method, headers: jsonHeaders(), body: JSON.stringify(body) };
  return jsonCall(url, init, (status) => viewMsg('viewsCallFailed', status));
}

export function listViews(table: string): Promise<Answer<TableViews>> {
  return call(`${base}?${new URLSearchParams({ table })}`, 'GET');
}

export interface NewView {
  Table: string;
  Name: string;
  Shared: boolean;
  State: ViewState;
  IsDefault: boolean;
}

export function addView(view: NewView): Promise<Answer<TableView>> {
  return call(base, 'POST', view);
}

/** What a change sets (what it leaves out stays), at the view's version as read. */
export type ViewChange = { Version: number } & Partial<{ Name: string; Shared: boolean; State: ViewState }>;

export function changeView(id: number, change: ViewChange): Promise<Answer<TableView>> {
  return call(`${base}/${id}`, 'PATCH', change);
}

export function deleteView(id: number): Promise<Answer<null>> {
  return call(`${base}/${id}`, 'DELETE');
}

export function setDefaultView(table: string, id: number | null): Promise<Answer<{ DefaultViewID: number | null }>> {
  return call(`${base}/default`, 'PUT', { Table: table, ViewID: id });
}
