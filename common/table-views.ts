// Saved views of a table (issue 39): a table's state kept in the database under a name, for oneself or shared
// with one's group, chosen from the toolbar and named in the address (`?view=<id>`). Here: what a view keeps
// of the state, the limits on views, a view as the API answers it (server/table-views/, docs/api.md), a view
// applied to the table, and the check of a state sent to be kept: refused unless the table reads it back
// exactly as it was sent (a hand-made state naming a column the table lacks is told so, not half kept).
import { checkedState, defaultTableState, type StateConfig, type TableState } from './table-state.ts';
import { withTodaysDays } from './quick-days.ts';

/**
 * What a view keeps: the columns (shown, on a phone, order, widths), the sort, the search and filters (a
 * day relative to today kept as such), the grouping and the page size. Not the page, the open groups, nor the behaviour settings (refresh every
 * time, infinite scroll, save state), which stay the person's own.
 */
export const viewStateKeys = [
  'pageSize',
  'sort',
  'search',
  'filters',
  'dayFilters',
  'columnVisibility',
  'phoneColumns',
  'columnOrder',
  'columnSizes',
  'mainGroup',
  'subGroup',
  'oneGroupOpen',
] as const satisfies ReadonlyArray<keyof TableState>;

export type ViewStateKey = (typeof viewStateKeys)[number];
export type ViewState = Pick<TableState, ViewStateKey>;

/** The most views one person keeps of one table (shared or not). */
export const VIEWS_PER_TABLE = 50;
/** The most characters a view's state takes as JSON (a table's every column filtered and sized stays far below). */
export const VIEW_STATE_MAX_CHARS = 16_000;

/** A saved view, as the API answers it (GET /api/table-views). */
export interface TableView {
  ViewID: number;
  /** The table it is of: its resource's name (`/api/<Table>`). */
  Table: string;
  Name: string;
  /** Shared with its maker's group (listed for them; opened by a link by anyone who may see the table). */
  Shared: boolean;
  /** The signed-in user made it. */
  Mine: boolean;
  OwnerName: string;
  /** The signed-in user may rename, replace, share and delete it: its maker, or an administrator once shared. */
  CanChange: boolean;
  State: Partial<ViewState>;
  /** Sent back with a change: a view changed meanwhile is not overwritten. */
  Version: number;
  UpdatedAt: string;
}

/** A table's views for the signed-in user: their own, then those their group shares; and the one they open by default. */
export interface TableViews {
  Views: TableView[];
  DefaultViewID: number | null;
}

/** The part of `state` a view keeps. */
export function viewStateOf(state: ViewState): ViewState {
  return Object.fromEntries(viewStateKeys.map((key) => [key, state[key]])) as unknown as ViewState;
}

/**
 * The table's state showing `view`: each part the view keeps from it (read against the table as a saved
 * state is: a column gone since is left out), the table's default for the parts it does not name; its
 * relative days as of `now`; the first page, no group open, and `base`'s behaviour settings.
 */
export function stateWithView(config: StateConfig, base: TableState, view: Partial<ViewState>, now = new Date()): TableState {
  const defaults = defaultTableState(config);
  const read = checkedState(config, { ...viewStateOf(defaults), ...view }, defaults);
  // No sort is kept as none (the table's own order, its headers showing none), where a saved state takes the default's.
  const sort = Array.isArray(view.sort) && view.sort.length === 0 ? [] : read.sort;
  return withTodaysDays({ ...base, ...viewStateOf(read), sort, page: 0, expandedGroups: [] }, now);
}

/** JSON with every object's keys in order: two states are the same whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether two view states show the table alike. */
export function sameViewState(a: ViewState, b: ViewState): boolean {
  return canonical(viewStateOf(a)) === canonical(viewStateOf(b));
}

/** Why a state sent to be kept as a view is refused: not an object, too long, a part no view keeps, a part the table cannot use. */
export type ViewStateProblem =
  | { kind: 'notObject' }
  | { kind: 'tooLarge'; chars: number }
  | { kind: 'unknownPart' | 'unusablePart'; part: string };

/** The first problem of `value` as the state of a view of the table `config`; null when it can be kept as it is. */
export function viewStateProblem(config: StateConfig, value: unknown): ViewStateProblem | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { kind: 'notObject' };
  const chars = JSON.stringify(value).length;
  if (chars > VIEW_STATE_MAX_CHARS) return { kind: 'tooLarge', chars };
  const sent = value as Record<string, unknown>;
  const parts = Object.keys(sent);
  const unknown = parts.find((part) => !(viewStateKeys as ReadonlyArray<string>).includes(part));
  if (unknown !== undefined) return { kind: 'unknownPart', part: unknown };
  const read = checkedState(config, sent, defaultTableState(config)) as unknown as Record<string, unknown>;
  // No sort at all is the table's own order (a sort taken off by a third click), as the table reads it.
  const kept = (part: string) =>
    (part === 'sort' && Array.isArray(sent.sort) && sent.sort.length === 0) || canonical(read[part]) === canonical(sent[part]);
  const unusable = parts.find((part) => !kept(part));
  return unusable === undefined ? null : { kind: 'unusablePart', part: unusable };
}
