// Helpers for the table API tests: building list requests in either DataTables dialect.
export type Query = Record<string, string | number>;

/** A current-dialect request naming `columns` in order (all searchable and orderable). */
export function currentQuery(columns: string[], extra: Query = {}): Query {
  const q: Query = { draw: 1, start: 0, length: 10, 'search[value]': '' };
  columns.forEach((c, i) => {
    q[`columns[${i}][data]`] = c;
    q[`columns[${i}][searchable]`] = 'true';
    q[`columns[${i}][orderable]`] = 'true';
    q[`columns[${i}][search][value]`] = '';
  });
  return { ...q, ...extra };
}

/** A legacy-dialect request naming `columns` in order. */
export function legacyQuery(columns: string[], extra: Query = {}): Query {
  const q: Query = { sEcho: 1, iDisplayStart: 0, iDisplayLength: 10, iColumns: columns.length, sSearch: '', bRegex: 'false' };
  columns.forEach((c, i) => {
    q[`mDataProp_${i}`] = c;
    q[`bSearchable_${i}`] = 'true';
    q[`bSortable_${i}`] = 'true';
    q[`sSearch_${i}`] = '';
  });
  return { ...q, ...extra };
}

export function url(resource: string, query: Query): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/api/${resource}?${search.toString()}`;
}

export type Row = Record<string, unknown>;

interface ChangeOutcome {
  Succeed?: unknown[];
  Failed?: Array<{ conflict?: boolean; forbidden?: boolean }>;
}

/**
 * The status a change's answer comes with (server/routes/api/resource/changes.ts): 200 when a row went in;
 * where none did, 403 when every row was refused for the user's access, 409 when one had changed or gone
 * since it was read, else 422.
 */
export function changeStatus(answer: ChangeOutcome): number {
  const failed = answer.Failed ?? [];
  if ((answer.Succeed ?? []).length > 0 || failed.length === 0) return 200;
  if (failed.every((f) => f.forbidden)) return 403;
  return failed.some((f) => f.conflict) ? 409 : 422;
}
