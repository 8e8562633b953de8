// The side menu's entries as the program declares them: its sections, the pages that are not a resource's
// (dashboard, summaries, charts, reports) and the screen of every resource served (app.resources) whose
// definition has a `menu` place. Who sees an entry is not said here: it is the rule of the page it opens
// (shell/menu.ts). Each start adds to the menus table the entries it has never added, so that a new install and an upgraded
// one end up with the same rows, and a new entity's screen appears in the menu of both. An entry added
// once is never added again: a super administrator's change or deletion of it stays.
import type pg from 'pg';
import type { IconName } from '../../common/icons.ts';
import type { MenuPlace, MenuSection } from '../../common/menu-sections.ts';
import type { Resource } from '../../common/resources/types.ts';
import { changeTables, SYSTEM } from '../db/table-changes.ts';
import { inTransaction } from '../db/transaction.ts';
import { msg } from '../messages.ts';
import { titleOf } from '../../common/resources/words.ts';

export interface MenuEntry extends MenuPlace {
  /** What names the entry among the declared ones for good: its URL, or `section:<name>` for a section. */
  key: string;
  title: string;
  /** '' for a section, which is a heading without a page. */
  url: string;
}

const sections: Record<MenuSection, { title: () => string; icon: IconName; order: number }> = {
  stores: { title: () => msg('menuStores'), icon: 'store', order: 20 },
  sales: { title: () => msg('menuSales'), icon: 'chart', order: 60 },
  inbox: { title: () => msg('menuInbox'), icon: 'inbox', order: 110 },
  administration: { title: () => msg('menuAdministration'), icon: 'gear', order: 150 },
};

/** The pages with a menu entry that are not a resource's screen. */
function pages(): MenuEntry[] {
  return [
    { key: '/', url: '/', title: msg('dashboardTitle'), icon: 'home', order: 10 },
    { key: '/summaries', url: '/summaries', title: msg('summariesTitle'), section: 'sales', icon: 'sum', order: 80 },
    { key: '/charts', url: '/charts', title: msg('chartsTitle'), section: 'sales', icon: 'chart', order: 90 },
    { key: '/reports', url: '/reports', title: msg('reportsTitle'), icon: 'report', order: 100 },
  ];
}

/** What of a resource its menu entry is made of. */
export type MenuResource = Pick<Resource, 'name' | 'title' | 'screen' | 'menu' | 'access'>;

/** Every declared entry, sections included, in menu order (a section before its entries). */
export function menuEntries(resources: ReadonlyArray<MenuResource>): MenuEntry[] {
  const headings = Object.entries(sections).map(([name, s]) => ({
    key: `section:${name}`,
    url: '',
    title: s.title(),
    icon: s.icon,
    order: s.order,
  }));
  const screens = resources.flatMap((def) =>
    def.screen && def.menu && def.access.list !== false ? [{ key: def.screen, url: def.screen, title: titleOf(def), ...def.menu }] : [],
  );
  return [...headings, ...pages(), ...screens].sort((a, b) => a.order - b.order);
}

/** The meta row that remembers which entries were added, by key, with their row's id. */
const ADDED = 'menu_entries';
/** Instances starting together take turns. */
const MENU_LOCK = 7_240_313;

/** Adds the entries this database has never had (at start, before the app serves); the keys it added. */
export function addMenuEntries(pool: pg.Pool, resources: ReadonlyArray<MenuResource>): Promise<string[]> {
  return changeTables(pool, ['menus', 'meta'], SYSTEM, () => inTransaction(pool, (client) => addMenuEntriesWith(client, resources)), {
    changed: (added) => added.length > 0,
  });
}

/** addMenuEntries within a transaction of the caller's (the first seed's). */
export async function addMenuEntriesWith(client: pg.PoolClient, resources: ReadonlyArray<MenuResource>): Promise<string[]> {
  await client.query('select pg_advisory_xact_lock($1)', [MENU_LOCK]);
  const row = (await client.query<{ value: string }>('select value from meta where key = $1', [ADDED])).rows[0];
  const known = row ? (JSON.parse(row.value) as Record<string, number>) : {};
  const added: string[] = [];
  for (const entry of menuEntries(resources)) {
    if (entry.key in known) continue;
    // A database seeded before entries were recorded has them already: they are taken as they are.
    const existing = entry.url
      ? await client.query<{ menu_id: number }>('select menu_id from menus where url = $1 order by menu_id limit 1', [entry.url])
      : await client.query<{ menu_id: number }>(
          `select menu_id from menus where url = '' and parent_id is null and title = $1 order by menu_id limit 1`,
          [entry.title],
        );
    if (existing.rows[0]) {
      known[entry.key] = existing.rows[0].menu_id;
      continue;
    }
    // Under its section, if the section is still there (a deleted section's entries go to the top level).
    const sectionId = entry.section ? known[`section:${entry.section}`] : undefined;
    const parent =
      sectionId !== undefined && (await client.query('select 1 from menus where menu_id = $1', [sectionId])).rowCount ? sectionId : null;
    const inserted = await client.query<{ menu_id: number }>(
      `insert into menus (parent_id, title, url, icon, sort_order) values ($1, $2, $3, $4, $5) returning menu_id`,
      [parent, entry.title, entry.url, entry.icon, entry.order],
    );
    known[entry.key] = inserted.rows[0]!.menu_id;
    added.push(entry.key);
  }
  await client.query(`insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [
    ADDED,
    JSON.stringify(known),
  ]);
  return added;
}
