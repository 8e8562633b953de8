// Test databases are made once per run and copied per test file: a migrated, seeded template (a PGlite
// data directory, or a PostgreSQL template database) so no test pays for initdb and seeding itself.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsDir, root } from '../../server/paths.ts';

export { root };
export const cacheDir = join(root, '.test-cache');
export const ADMIN_PASSWORD = 'admin-test-password';
export const DEMO_PASSWORD = 'demo-test-password';
/** Small but complete: every table has rows, and sales span enough days to page, sort and total. */
export const TEST_SEED = { stores: 60, salesDays: 40 };

/** Changes whenever a migration or the seed (menu entries included) changes, so a stale embedded template is never reused. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  for (const f of [
    'server/demo/seed.ts',
    'server/demo/seed-places.ts',
    'server/demo/sales-history.ts',
    'server/demo/sales-rows.ts',
    'server/demo/seed-stores.ts',
    // The menu's rows: the entries declared there and in the resource definitions.
    'server/shell/menu-entries.ts',
    ...readdirSync(join(root, 'common/resources')).map((f) => `common/resources/${f}`),
    'test/support/template-db.ts',
    'test/support/make-template.ts',
    'test/support/light-passwords.ts',
  ])
    hash.update(readFileSync(join(root, f)));
  return hash.digest('hex').slice(0, 12);
}

export function embeddedTemplateDir(): string {
  return join(cacheDir, `pglite-${templateKey()}`);
}

/** Base URL for PostgreSQL test databases, from DATABASE_URL; null when tests run on the embedded database. */
export function postgresBase(): URL | null {
  const url = process.env.DATABASE_URL;
  return url ? new URL(url) : null;
}

export function postgresUrl(database: string): string {
  const u = postgresBase();
  if (!u) throw new Error('DATABASE_URL is not set');
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A new folder for a test's copy of an embedded database: in memory (/dev/shm) where the machine has it, as
 * copying a database there and removing it costs a fifth of what it costs on disk; else the temporary folder.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix));
}
