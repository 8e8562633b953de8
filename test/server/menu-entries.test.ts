// The side menu's rows come from the program's declarations (server/shell/menu-entries.ts, and each resource
// definition's `menu` place): a new install has them from its seed, an upgraded one gets those it lacks at
// start, and an entry a super administrator deleted is not brought back.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { resources as definitions } from '../../server/resources/index.ts';
import { loadMenuRows } from '../../server/shell/menu.ts';
import { addMenuEntries, menuEntries } from '../../server/shell/menu-entries.ts';
import { createTestApp, signIn } from '../support/app.ts';

interface Shown {
  title: string;
  url: string;
  icon: string;
  order: number;
  parent: string | null;
}

async function shownRows(pool: import('pg').Pool): Promise<Shown[]> {
  const r = await pool.query<Shown>(
    `select m.title, m.url, m.icon, m.sort_order as order, p.title as parent
     from menus m left join menus p on p.menu_id = m.parent_id order by m.sort_order, m.menu_id`,
  );
  return r.rows;
}

const sectionTitles = new Map(menuEntries(definitions).flatMap((e) => (e.url === '' ? [[e.key, e.title] as const] : [])));

describe('menu entries', () => {
  test('every resource screen declares its menu entry', () => {
    for (const def of definitions) {
      if (!def.screen) continue;
      assert.ok(def.menu, `${def.name}: a screen without a menu entry`);
    }
  });

  test('a new install has the declared entries, each under its section, in order', async () => {
    const t = await createTestApp();
    try {
      const expected = menuEntries(definitions).map((e) => ({
        title: e.title,
        url: e.url,
        icon: e.icon,
        order: e.order,
        parent: e.section ? sectionTitles.get(`section:${e.section}`)! : null,
      }));
      assert.deepEqual(await shownRows(t.db.pool), expected);
      assert.deepEqual(await addMenuEntries(t.db.pool, definitions), [], 'a start adds nothing more');
    } finally {
      await t.close();
    }
  });

  test('an upgraded install gets the entry of a screen it lacks, and keeps its own rows as they are', async () => {
    const t = await createTestApp();
    try {
      const pool = t.db.pool;
      // A database seeded before entries were recorded, whose menu lacks a screen added since (Cycles here),
      // and whose super administrator renamed another entry.
      await pool.query(`delete from meta where key = 'menu_entries'`);
      await pool.query(`delete from menus where url = '/cycles'`);
      await pool.query(`update menus set title = 'Shops' where url = '/stores'`);
      const before = await shownRows(pool);

      assert.deepEqual(await addMenuEntries(pool, definitions), ['/cycles']);
      const after = await shownRows(pool);
      assert.equal(after.length, before.length + 1, 'no entry twice');
      assert.deepEqual(
        after.find((r) => r.url === '/cycles'),
        { title: 'Cycles', url: '/cycles', icon: 'calendar', order: 50, parent: 'Stores' },
      );
      assert.equal(after.find((r) => r.url === '/stores')?.title, 'Shops', "the super administrator's change stays");

      const admin = await signIn(t.app, 'admin');
      const page = await admin.inject({ url: '/' });
      assert.match(page.body, /href="\/cycles"/, 'the new entry is in the menu');
    } finally {
      await t.close();
    }
  });

  test('an entry a super administrator deleted stays deleted at the next start', async () => {
    const t = await createTestApp();
    try {
      await t.db.pool.query(`delete from menus where url = '/states'`);
      assert.deepEqual(await addMenuEntries(t.db.pool, definitions), []);
      assert.equal((await loadMenuRows(t.db.pool)).filter((r) => r.url === '/states').length, 0);
    } finally {
      await t.close();
    }
  });
});
