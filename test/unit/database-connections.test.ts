// Every connection pool of the app is made by server/db/pools.ts, whose connections cannot end the process
// when the database goes away under them; a pool or client made anywhere else would not have that guard.
// The one other connection, the hub's LISTEN (server/hub/postgres-bus.ts), listens for its own loss.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../support/template-db.ts';

/** Where each kind of connection may be made. */
const makers = { 'server/db/pools.ts': 'Pool', 'server/hub/postgres-bus.ts': 'Client' } as const;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('database connections are made only where their loss is listened for', () => {
  const made: string[] = [];
  for (const file of sources(join(root, 'server'))) {
    const name = relative(root, file);
    for (const [, kind] of readFileSync(file, 'utf8').matchAll(/new (?:pg\.)?(Pool|Client)\(/g)) {
      if (makers[name as keyof typeof makers] !== kind) made.push(`${name}: new ${kind}`);
    }
  }
  assert.deepEqual(made, []);
});
