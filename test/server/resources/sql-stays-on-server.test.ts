// The SQL half of every resource definition (server/resources) stays on the server: no definition's SQL
// text is in a bundle the browser loads (static/build, as `npm run build` writes it), nor in a page the
// server renders. The server's own bundle, built by the same command, holds every one of them: the texts
// looked for are ones a bundle would carry, were a browser module to import the SQL half.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../../server/paths.ts';
import { resources } from '../../../server/resources/index.ts';
import { useTestApp } from '../../support/app.ts';

/**
 * The SQL text of every definition that could be nothing else: its joins (as written and as joined), fixed
 * conditions, dimensions, counts tables, and column expressions other than a short `alias.name` (`s.name`
 * could be any script's property read). `written` are those a bundle holds as they stand, were a browser
 * module to import the definitions; the rest are put together when the server starts (a reference's join).
 */
function definitionSql(): { all: string[]; written: string[] } {
  const written = resources.flatMap((def) => [
    ...(def.totalsTable ? [def.totalsTable.table, def.totalsTable.rows, ...Object.values(def.totalsTable.totals)] : []),
    ...(def.bucketTotals ? [def.bucketTotals.table, def.bucketTotals.rows, ...Object.values(def.bucketTotals.totals)] : []),
    ...(def.valueCounts ? [def.valueCounts.table] : []),
    ...def.columns.map((c) => c.sql).filter((sql) => !/^\w+\.[a-z]+$/.test(sql)),
  ]);
  const assembled = resources.flatMap((def) => [
    ...def.joins.flatMap((j) => [j.on, j.sql]),
    ...(def.where ? [def.where] : []),
    ...(def.dimension ? [def.dimension.from] : []),
  ]);
  return { all: [...new Set([...written, ...assembled])], written: [...new Set(written)] };
}

function builtScripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

function leaks(text: string, sql: ReadonlyArray<string>): string[] {
  return sql.filter((s) => text.includes(s));
}

const shared = useTestApp('admin');

describe('SQL text of the resource definitions', () => {
  const { all: sql, written } = definitionSql();

  test('is in no script of the browser bundle', () => {
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'ignore' });
    const scripts = builtScripts(join(root, 'static/build'));
    assert.ok(scripts.length > 0, 'the build wrote scripts');
    for (const file of scripts) assert.deepEqual(leaks(readFileSync(file, 'utf8'), sql), [], file);
    // Were a browser module to import a definition, its bundle would hold these texts as the server's does.
    const server = readFileSync(join(root, 'dist/server/server.mjs'), 'utf8');
    assert.deepEqual(
      written.filter((s) => !server.includes(s)),
      [],
    );
    assert.ok(
      written.some((s) => s.includes('array_to_string')),
      'expressions are looked for',
    );
  });

  test('is in no page the server renders', async () => {
    for (const url of ['/admin/users', '/admin/users/new', '/stores', '/sales']) {
      const res = await shared.admin.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.deepEqual(leaks(res.body, sql), [], url);
    }
  });
});
