// What every summary, chart and drill-down is asked for: a cycle (or the current one of a kind), a state,
// a group and the header's store selection, read from the query string with one schema, and the SQL that
// narrows a `stores s` join to them within the stores the user may see.
import type { CurrentUser } from '../../common/roles.ts';
import { storesOf, storesSchema } from '../stores/stores-param.ts';
import { storeScope } from '../stores/visible-stores.ts';

export const cycleKinds = ['monthly', 'weekly'] as const;
export type CycleKind = (typeof cycleKinds)[number];

export interface SummaryFilter {
  /** A chosen cycle; null for the current cycle of `kind`. */
  cycleId: number | null;
  kind: CycleKind;
  stateId: number | null;
  groupId: number | null;
  /** The header's store selection; null for every store the user sees. */
  stores: number[] | null;
}

/** The query string as sent: ids as text, so an empty choice of a GET form ("All") reads as none. */
export interface SummaryQuery {
  cycle?: string;
  kind?: CycleKind;
  state?: string;
  group?: string;
  stores?: string;
}

/** How many cycles a chart spans and how many stores a ranking holds when the request does not say. */
export const defaultSizes = { cycles: 12, stores: 10 } as const;

const id = { type: 'string', pattern: '^([1-9][0-9]{0,8})?$' } as const;

export const summaryQueryProperties = {
  cycle: id,
  kind: { type: 'string', enum: cycleKinds },
  state: id,
  group: id,
  // The header's store selection (server/stores/stores-param.ts).
  stores: storesSchema,
} as const;

const idOrNull = (text: string | undefined): number | null => (text ? Number(text) : null);

export function readSummaryFilter(query: SummaryQuery): SummaryFilter {
  const stores = storesOf(query.stores);
  return {
    cycleId: idOrNull(query.cycle),
    kind: query.kind ?? 'monthly',
    stateId: idOrNull(query.state),
    groupId: idOrNull(query.group),
    stores,
  };
}

/** The filter as a query string (without the stores, which the browser adds): links and island URLs carry it. */
export function filterQuery(filter: Pick<SummaryFilter, 'cycleId' | 'stateId' | 'groupId'>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (filter.cycleId !== null) q.set('cycle', String(filter.cycleId));
  if (filter.stateId !== null) q.set('state', String(filter.stateId));
  if (filter.groupId !== null) q.set('group', String(filter.groupId));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** SQL conditions on `s` (stores) for the user's visible stores, the selection, the state and the group; values bound. */
export function storeConditions(user: CurrentUser, filter: SummaryFilter, params: unknown[]): string[] {
  const conditions = [storeScope(user, 's.store_id', filter.stores ?? undefined, params)];
  if (filter.stateId !== null) {
    params.push(filter.stateId);
    conditions.push(`s.state_id = $${params.length}`);
  }
  if (filter.groupId !== null) {
    params.push(filter.groupId);
    conditions.push(`s.group_id = $${params.length}`);
  }
  return conditions;
}
