// The embedded database's cluster image, which a first start on a new data directory copies instead of
// creating and migrating its database: the database it gives is the one the slow path gives (the same
// migrations recorded, the same schema, the same first data), an image made for other migrations (or another
// PGlite) is never used, and a copy cut short is made again rather than taken for a database.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { clusterImageKey } from '../../server/db/cluster-image.ts';
import { makeClusterImage } from '../../server/db/make-cluster-image.ts';
import { migrationsDir } from '../../server/paths.ts';
import { seedFirstScreens } from '../../server/demo/seed.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SEED, postgresBase, scratchDir } from '../support/template-db.ts';

const embeddedOnly = postgresBase() ? 'the embedded database only' : false;

/** What a database holds that a start decides: its migrations, its schema, and, once seeded, its rows. */
async function contents(pool: pg.Pool): Promise<Record<string, unknown>> {
  const rows = async (sql: string) => (await pool.query(sql)).rows;
  const tables = (await pool.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).rows;
  const counts: Record<string, number> = {};
  for (const { t } of tables) counts[t] = (await pool.query<{ n: number }>(`select count(*)::int as n from "${t}"`)).rows[0]!.n;
  return {
    migrations: await rows('select name from schema_migrations order by name'),
    columns: await rows(
      `select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
       where table_schema = 'public' order by 1, 2`,
    ),
    indexes: await rows(`select indexdef from pg_indexes where schemaname = 'public' order by 1`),
    functions: await rows(
      `select p.proname, md5(pg_get_functiondef(p.oid)) as definition from pg_proc p
       where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' order by 1, 2`,
    ),
    triggers: await rows(`select tgrelid::regclass::text as "table", tgname from pg_trigger where not tgisinternal order by 1, 2`),
    extensions: await rows('select extname, extversion from pg_extension order by 1'),
    sequences: await rows(`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`),
    counts,
    // Every column but when the row was written.
    stores: await rows(
      `select md5(string_agg((to_jsonb(s) - 'create_date' - 'update_date')::text, '|' order by store_id)) as stores from stores s`,
    ),
    menu: await rows(`select md5(string_agg(m::text, '|' order by menu_id)) as menu from menus m`),
  };
}

const seed = (db: Database) => seedFirstScreens(db.pool, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, ...TEST_SEED });

describe('a first start from the cluster image', { skip: embeddedOnly }, () => {
  // One image for the suite: making one is a database created and migrated (seconds of processor time), and
  // no test below changes it (the stale one is a copy). The slow path is made once too, by the stale image.
  let images = '';
  let made: Awaited<ReturnType<typeof makeClusterImage>>;
  before(async () => {
    images = scratchDir('backroom-images-');
    made = await makeClusterImage(images);
  });
  after(() => rmSync(images, { recursive: true, force: true }));

  test('gives the database that creating and migrating one gives, and the image is made once; an image made for other migrations is not used', async () => {
    const staleImages = scratchDir('backroom-images-');
    const slowDir = scratchDir('backroom-created-');
    const fastDir = scratchDir('backroom-copied-');
    const opened: Database[] = [];
    try {
      assert.equal(made.made, true);
      assert.equal((await makeClusterImage(images)).made, false, 'an image that is there is not made again');
      // The slow path, taken by a start that finds only an image as the build left it before a migration
      // changed (under the key those migrations had): it creates and migrates its database.
      cpSync(made.image, join(staleImages, 'a-migration-ago'), { recursive: true });
      const slow = await openDatabase({ dataDir: slowDir, clusterImages: staleImages });
      opened.push(slow);
      const fast = await openDatabase({ dataDir: fastDir, clusterImages: images });
      opened.push(fast);
      assert.equal(slow.created?.from, 'initdb');
      assert.equal(fast.created?.from, 'image');
      const recorded = (await slow.pool.query<{ name: string }>('select name from schema_migrations order by name')).rows.map(
        (r) => r.name,
      );
      assert.deepEqual(recorded, readdirSync(migrationsDir).sort());
      assert.deepEqual(await contents(fast.pool), await contents(slow.pool), 'migrated alike');
      assert.equal(await seed(slow), true);
      assert.equal(await seed(fast), true);
      assert.deepEqual(await contents(fast.pool), await contents(slow.pool), 'seeded alike');
    } finally {
      await Promise.all(opened.map((db) => db.close()));
      for (const dir of [staleImages, slowDir, fastDir]) rmSync(dir, { recursive: true, force: true });
    }
  });

  test('copies an image again over a copy that was cut short', async () => {
    const dataDir = scratchDir('backroom-data-');
    const { image } = made;
    try {
      // Every file but PG_VERSION, which the copy writes last, and one of them cut short.
      for (const name of readdirSync(image).filter((n) => n !== 'PG_VERSION'))
        cpSync(join(image, name), join(dataDir, name), { recursive: true });
      writeFileSync(join(dataDir, 'global', 'pg_control'), 'cut short');
      const db = await openDatabase({ dataDir, clusterImages: images });
      try {
        assert.equal(db.created?.from, 'image');
        assert.equal((await db.pool.query('select 1 from schema_migrations')).rowCount, readdirSync(migrationsDir).length);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the cluster image's key", () => {
  test('changes when a migration is changed or added', () => {
    const migrations = scratchDir('backroom-migrations-');
    try {
      cpSync(migrationsDir, migrations, { recursive: true });
      const key = clusterImageKey(migrations);
      assert.equal(key, clusterImageKey(), 'the same migrations give the same key');
      const last = readdirSync(migrations).sort().at(-1)!;
      appendFileSync(join(migrations, last), '\n-- changed\n');
      const changed = clusterImageKey(migrations);
      assert.notEqual(changed, key, 'a changed migration');
      writeFileSync(join(migrations, '999_more.sql'), 'select 1;');
      assert.notEqual(clusterImageKey(migrations), changed, 'an added migration');
    } finally {
      rmSync(migrations, { recursive: true, force: true });
    }
  });
});
