// The saved views in the database (migration 029, issue 39): a table's views listed for a person, one view
// opened by its id, the person's default view of a table, and adding, changing and deleting views under the
// rules of view-rules.ts. Read from the primary, never a replica: a view just saved is opened at once.
// Answers are values: a view, or a refusal in words (view-input.ts), never a thrown request error.
// Every table screen asks for its person's default view, which seldom changes: it is kept (ShortLived), and
// every write here says it changed the views' tables (changeTables), which forgets what was kept, here and
// through the hub on every instance, before its answer goes.
import pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import { VIEWS_PER_TABLE, type TableView, type TableViews, type ViewState } from '../../common/table-views.ts';
import { changeTables } from '../db/table-changes.ts';
import { inTransaction } from '../db/transaction.ts';
import { keepFiguresOf } from '../table-api/cache/changed-tables.ts';
import { ShortLived } from '../table-api/cache/short-lived.ts';
import { msg } from '../messages.ts';
import type { ViewRefusal } from './view-input.ts';
import { isAdministrator, mayChangeView } from './view-rules.ts';

type Viewer = Pick<CurrentUser, 'ID' | 'GroupID' | 'IsAdmin' | 'IsSuperAdmin'>;

/** What the writes below change. */
const VIEW_TABLES = ['table_views', 'table_view_defaults'];
/** The default views kept read these, and the owners' names and the viewers' flags in `users`. */
const DEFAULTS = 'default-views';
keepFiguresOf(DEFAULTS, [...VIEW_TABLES, 'users']);
const keptDefaults = new ShortLived<TableView | null>(30_000, 10_000);
type Query = Pick<pg.PoolClient, 'query'>;

interface ViewRow {
  view_id: number;
  table_name: string;
  name: string;
  shared: boolean;
  state: Partial<ViewState>;
  version: number;
  updated_at: Date;
  owner_id: number;
  owner_name: string;
}

const COLUMNS = `v.view_id, v.table_name, v.name, v.shared, v.state, v.version, v.updated_at, v.owner_id,
  concat_ws(' ', o.first_name, nullif(o.middle_name, ''), o.last_name) as owner_name`;

// The views a person may open: their own, and every shared one ($1: their id).
const OPENABLE = `select ${COLUMNS} from table_views v join users o on o.user_id = v.owner_id
  where v.view_id = $2 and (v.owner_id = $1 or v.shared)`;

// Listed for a person ($1: id, $2: group, $3: table): theirs, their group's shared ones, and a shared view of
// another group they open by default; theirs first, then by name.
const LISTED = `select ${COLUMNS} from table_views v join users o on o.user_id = v.owner_id
  left join table_view_defaults d on d.user_id = $1 and d.table_name = v.table_name
  where v.table_name = $3 and (v.owner_id = $1 or (v.shared and (o.group_id = $2 or v.view_id = d.view_id)))
  order by v.owner_id <> $1, lower(v.name), v.view_id`;

// The person's default view of a table ($1: id, $2: table), while they may still open it.
const DEFAULT = `select ${COLUMNS} from table_view_defaults d
  join table_views v on v.view_id = d.view_id join users o on o.user_id = v.owner_id
  where d.user_id = $1 and d.table_name = $2 and (v.owner_id = $1 or v.shared)`;

// Added while its maker keeps fewer than their share of views of the table.
const ADD = `insert into table_views (table_name, owner_id, name, shared, state)
  select $1, $2, $3, $4, $5::jsonb
  where (select count(*) from table_views where owner_id = $2 and table_name = $1) < $6
  returning view_id`;

const SET_DEFAULT = `insert into table_view_defaults (user_id, table_name, view_id) values ($1, $2, $3)
  on conflict (user_id, table_name) do update set view_id = excluded.view_id`;

const UNIQUE_VIOLATION = '23505';
const NAME_KEY = 'table_views_owner_name_key';

function viewOf(row: ViewRow, user: Viewer): TableView {
  return {
    ViewID: row.view_id,
    Table: row.table_name,
    Name: row.name,
    Shared: row.shared,
    Mine: row.owner_id === user.ID,
    OwnerName: row.owner_name,
    CanChange: mayChangeView(user, { ownerId: row.owner_id, shared: row.shared }),
    State: row.state,
    Version: row.version,
    UpdatedAt: row.updated_at.toISOString(),
  };
}

async function openable(db: Query, user: Viewer, id: number): Promise<TableView | null> {
  const { rows } = await db.query<ViewRow>(OPENABLE, [user.ID, id]);
  return rows[0] ? viewOf(rows[0], user) : null;
}

/** The view `id` if `user` may open it (theirs, or shared), whichever its table; null otherwise. */
export function openableView(pool: pg.Pool, user: Viewer, id: number): Promise<TableView | null> {
  return openable(pool, user, id);
}

/** `user`'s default view of `table`, while they may open it; null when they have none. */
export function defaultView(pool: pg.Pool, user: Viewer, table: string): Promise<TableView | null> {
  return keptDefaults.get(pool, DEFAULTS, [user.ID, table], async () => {
    const { rows } = await pool.query<ViewRow>(DEFAULT, [user.ID, table]);
    return rows[0] ? viewOf(rows[0], user) : null;
  });
}

/** The views of `table` listed for `user`, and their default one. */
export async function listViews(pool: pg.Pool, user: Viewer, table: string): Promise<TableViews> {
  const [listed, chosen] = await Promise.all([
    pool.query<ViewRow>(LISTED, [user.ID, user.GroupID, table]),
    pool.query<{ view_id: number }>('select view_id from table_view_defaults where user_id = $1 and table_name = $2', [user.ID, table]),
  ]);
  const views = listed.rows.map((row) => viewOf(row, user));
  const defaultId = chosen.rows[0]?.view_id ?? null;
  return { Views: views, DefaultViewID: views.some((v) => v.ViewID === defaultId) ? defaultId : null };
}

/** What a new view is: its table, name (trimmed and checked), sharing, state (checked) and whether it opens by default. */
export interface NewView {
  table: string;
  name: string;
  shared: boolean;
  state: Partial<ViewState>;
  isDefault: boolean;
}

const nameTaken = (err: unknown, name: string): ViewRefusal | null =>
  err instanceof pg.DatabaseError && err.code === UNIQUE_VIOLATION && err.constraint === NAME_KEY
    ? { status: 400, error: msg('viewNameTaken', name), fields: { Name: msg('viewNameTaken', name) } }
    : null;

/** Keeps a new view of `user`'s; the view as kept, or why not. */
export async function addView(pool: pg.Pool, user: Viewer, view: NewView): Promise<TableView | ViewRefusal> {
  try {
    return await changeTables(pool, VIEW_TABLES, user.ID, () =>
      inTransaction(pool, async (client) => {
        const params = [view.table, user.ID, view.name, view.shared, JSON.stringify(view.state), VIEWS_PER_TABLE];
        const added = await client.query<{ view_id: number }>(ADD, params);
        const id = added.rows[0]?.view_id;
        if (id === undefined) return { status: 400, error: msg('viewsTooMany', VIEWS_PER_TABLE) } satisfies ViewRefusal;
        if (view.isDefault) await client.query(SET_DEFAULT, [user.ID, view.table, id]);
        return (await openable(client, user, id))!;
      }),
    );
  } catch (err) {
    const taken = nameTaken(err, view.name);
    if (taken) return taken;
    throw err;
  }
}

/** What a change of a view sets (what it leaves out stays), and the version it was read at. */
export interface ViewChange {
  name?: string;
  shared?: boolean;
  state?: Partial<ViewState>;
  version: number;
}

// Set only while the view is at the version read and the person may change it ($1 id, $2 admin, $3 view, $4 version).
const CHANGE = `update table_views v set name = coalesce($5, v.name), shared = coalesce($6, v.shared),
    state = coalesce($7::jsonb, v.state), version = v.version + 1, updated_at = now()
  where v.view_id = $3 and v.version = $4 and (v.owner_id = $1 or (v.shared and $2::boolean))
  returning v.view_id, v.shared`;

/**
 * Changes `before` (the view as `user` opened it, which they may change) as `change` says; the view as
 * kept, or why not: changed meanwhile by someone else (409), or gone. A view no longer shared is nobody
 * else's default any more.
 */
export async function changeView(pool: pg.Pool, user: Viewer, before: TableView, change: ViewChange): Promise<TableView | ViewRefusal> {
  try {
    return await changeTables(pool, VIEW_TABLES, user.ID, () =>
      inTransaction(pool, async (client) => {
        const params = [
          user.ID,
          isAdministrator(user),
          before.ViewID,
          change.version,
          change.name ?? null,
          change.shared ?? null,
          change.state === undefined ? null : JSON.stringify(change.state),
        ];
        const changed = await client.query<{ view_id: number; shared: boolean }>(CHANGE, params);
        if (!changed.rows[0]) {
          const now = await openable(client, user, before.ViewID);
          return now
            ? ({ status: 409, error: msg('viewChangedMeanwhile', now.Name) } satisfies ViewRefusal)
            : ({ status: 404, error: msg('viewNotFound') } satisfies ViewRefusal);
        }
        if (!changed.rows[0].shared)
          await client.query(
            'delete from table_view_defaults where view_id = $1 and user_id <> (select owner_id from table_views where view_id = $1)',
            [before.ViewID],
          );
        return (await openable(client, user, before.ViewID))!;
      }),
    );
  } catch (err) {
    const taken = nameTaken(err, change.name ?? before.Name);
    if (taken) return taken;
    throw err;
  }
}

/** Deletes `view` (which `user` may change); whether it was still there. Whoever opened it by default no longer does. */
export async function deleteView(pool: pg.Pool, user: Viewer, view: TableView): Promise<boolean> {
  const deleted = await changeTables(pool, VIEW_TABLES, user.ID, () =>
    pool.query('delete from table_views v where v.view_id = $3 and (v.owner_id = $1 or (v.shared and $2::boolean))', [
      user.ID,
      isAdministrator(user),
      view.ViewID,
    ]),
  );
  return (deleted.rowCount ?? 0) > 0;
}

/** Makes `view` (one `user` may open, of `table`) their default view of `table`, or none when null. */
export async function setDefaultView(pool: pg.Pool, user: Viewer, table: string, view: TableView | null): Promise<void> {
  await changeTables(pool, VIEW_TABLES, user.ID, () =>
    view
      ? pool.query(SET_DEFAULT, [user.ID, table, view.ViewID])
      : pool.query('delete from table_view_defaults where user_id = $1 and table_name = $2', [user.ID, table]),
  );
}
