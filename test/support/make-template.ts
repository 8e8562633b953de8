// Run by scripts/test.mjs before the tests: builds the template database for this run.
//   make-template.ts embedded            -> .test-cache/pglite-<key> (kept between runs while the key holds)
//   make-template.ts postgres NAME       -> PostgreSQL database NAME, migrated and seeded
//   make-template.ts drop NAME           -> drops it (and any test databases cloned from it)
import { appendFileSync, existsSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/index.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SEED, cacheDir, embeddedTemplateDir, postgresUrl } from './template-db.ts';
import { lightlyHashed } from './light-passwords.ts';

const [mode, name] = process.argv.slice(2);

if (mode === 'embedded') {
  const dir = embeddedTemplateDir();
  if (!existsSync(dir)) {
    mkdirSync(cacheDir, { recursive: true });
    rmSync(`${dir}.tmp`, { recursive: true, force: true });
    const db = await openDatabase({ dataDir: `${dir}.tmp` });
    await seedDemo(db.pool, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, ...TEST_SEED });
    await lightlyHashed(db.pool);
    await db.pool.query('checkpoint');
    await db.close();
    // Each test file's copy starts its own PGlite, which zeroes its shared buffers in WebAssembly at every
    // start: the default 128 MB cost a test file ~0.5 s of processor time, 16 MB a tenth of it, and a test
    // database's few thousand rows fit in 16 MB many times over.
    appendFileSync(join(`${dir}.tmp`, 'postgresql.conf'), '\nshared_buffers = 16MB\n');
    renameSync(`${dir}.tmp`, dir);
  }
  console.log(`embedded template: ${dir}`);
} else if (mode === 'postgres' && name) {
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: postgresUrl(name), dataDir: '' });
  await seedDemo(db.pool, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, ...TEST_SEED });
  await lightlyHashed(db.pool);
  await db.close();
  console.log(`postgres template: ${name}`);
} else if (mode === 'drop' && name) {
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  const clones = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${name}%`]);
  for (const { datname } of clones.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  await admin.end();
} else {
  throw new Error('usage: make-template.ts embedded | postgres NAME | drop NAME');
}
