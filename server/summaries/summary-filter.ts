// What every summary, chart and drill-down is asked for: a cycle (or the current one of a kind), a state,
// a group and the header's store selection, read from the query string with one schema (the shared key and
// store selection parameters: server/params/), and the SQL that narrows a `stores s` join to them within the
// stores the user may see.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { CurrentUser } from '../../common/roles.ts';
import { keySchema, optionalKeyOf } from '../params/key-param.ts';
import { storesOf, storesSchema } from '../params/stores-param.ts';
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

/** How many cycles a chart spans and how many stores a ranking holds when the request does not say. */
export const defaultSizes = { cycles: 12, stores: 10 } as const;

/** The ids are keys (an empty one, a GET form's "All", is none); the store selection is the header's. */
export const summaryQueryProperties = {
  cycle: keySchema,
  kind: { type: 'string', enum: cycleKinds },
  state: keySchema,
  group: keySchema,
  stores: storesSchema,
} as const;

/** A summary route's query string schema. A value it does not name is dropped, never read. */
export const summaryQuery = { type: 'object', properties: summaryQueryProperties, additionalProperties: false } as const;

/** The same with the route's own parameters (a ranking's limit, a chart's count). */
export function summaryQueryWith<const Own extends Readonly<Record<string, JSONSchema>>>(own: Own) {
  return { ...summaryQuery, properties: { ...summaryQueryProperties, ...own } } as const;
}

/** The query string as its schema admits it. */
export type SummaryQuery = FromSchema<typeof summaryQuery>;

export function readSummaryFilter(query: SummaryQuery): SummaryFilter {
  return {
    cycleId: optionalKeyOf('cycle', query.cycle),
    kind: query.kind ?? 'monthly',
    stateId: optionalKeyOf('state', query.state),
    groupId: optionalKeyOf('group', query.group),
    stores: storesOf(query.stores),
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
