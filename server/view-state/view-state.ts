// The application view state of one user (common/view-state.ts), part by part, each within what the user
// may see: the stores of their reach (administrators and head office every store, others their region's),
// every cycle and state, the groups they reach (their own unless they see every store), their side menu,
// and their own newest messages, alerts and notifications with unread counts.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { InboxItem, InboxResource, UnreadCounts } from '../../common/inbox-kinds.ts';
import type {
  CycleEntry,
  GroupEntry,
  InboxList,
  MenuEntry,
  StateEntry,
  StoreEntry,
  ViewState,
  ViewStatePart,
} from '../../common/view-state.ts';
import { inboxSummaryOf } from '../inbox/inbox-items.ts';
import { loadMenuRows, menuFor, servedPages, type MenuItem, type PageRules } from '../shell/menu.ts';
import { groupScope, storeScope } from '../stores/visible-stores.ts';

/** The user's inbox summary, read once for the three inbox parts of one load. */
type InboxSummary = () => Promise<{ unread: UnreadCounts; newest: Record<InboxResource, InboxItem[]> }>;

/** What a part's loader reads with: the database, the user, their inbox summary, the app's pages (for menus). */
interface LoadContext {
  pool: pg.Pool;
  user: CurrentUser;
  inbox: InboxSummary;
  pageExists: PageRules;
}

type Loader<P extends ViewStatePart> = (ctx: LoadContext) => Promise<ViewState[P]>;

async function stores({ pool, user }: LoadContext): Promise<StoreEntry[]> {
  const params: unknown[] = [];
  const where = storeScope(user, 's.store_id', undefined, params);
  const { rows } = await pool.query<StoreEntry>(
    `select s.store_id as "StoreID", s.store_number as "StoreNumber", s.name as "Name", st.code as "StateCode"
     from stores s join states st using (state_id) where ${where} order by s.store_number, s.store_id`,
    params,
  );
  return rows;
}

async function cycles({ pool }: LoadContext): Promise<CycleEntry[]> {
  const { rows } = await pool.query<CycleEntry>(
    `select cycle_id as "CycleID", kind as "Kind", name as "Name",
       to_char(start_date, 'YYYY-MM-DD') as "StartDate", to_char(end_date, 'YYYY-MM-DD') as "EndDate"
     from cycles order by start_date desc, kind`,
  );
  return rows;
}

async function states({ pool }: LoadContext): Promise<StateEntry[]> {
  const { rows } = await pool.query<StateEntry>(
    `select state_id as "StateID", code as "Code", name as "Name", region as "Region" from states order by name`,
  );
  return rows;
}

async function groups({ pool, user }: LoadContext): Promise<GroupEntry[]> {
  const params: unknown[] = [];
  const where = groupScope(user, 'group_id', params) ?? 'true';
  const { rows } = await pool.query<GroupEntry>(
    `select group_id as "GroupID", code as "Code", name as "Name" from groups where ${where} order by name`,
    params,
  );
  return rows;
}

function menuEntry(item: MenuItem): MenuEntry {
  return { MenuID: item.id, Title: item.title, Url: item.url, Icon: item.icon, Children: item.children.map(menuEntry) };
}

async function menus({ pool, user, pageExists }: LoadContext): Promise<MenuEntry[]> {
  return menuFor(await loadMenuRows(pool), user, '', pageExists).map(menuEntry);
}

function inbox(kind: InboxResource): (ctx: LoadContext) => Promise<InboxList> {
  return async (ctx) => {
    const { unread, newest } = await ctx.inbox();
    return { Unread: unread[kind], Items: newest[kind] };
  };
}

const loaders: { [P in ViewStatePart]: Loader<P> } = {
  stores,
  cycles,
  states,
  groups,
  menus,
  messages: inbox('messages'),
  alerts: inbox('alerts'),
  notifications: inbox('notifications'),
};

/** The parts asked for, for this user. */
export async function loadViewState(
  app: FastifyInstance,
  user: CurrentUser,
  parts: ReadonlyArray<ViewStatePart>,
): Promise<Partial<ViewState>> {
  const pool = app.db.pool;
  let summary: ReturnType<InboxSummary> | undefined;
  const inboxSummary: InboxSummary = () => (summary ??= inboxSummaryOf(pool, user.ID));
  const ctx: LoadContext = { pool, user, inbox: inboxSummary, pageExists: servedPages(app) };
  const loaded = await Promise.all(parts.map(async (part) => [part, await loaders[part](ctx)] as const));
  return Object.fromEntries(loaded);
}
