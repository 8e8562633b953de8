// `npm start`'s own process, the server bundle dist/server/main.mjs (built by `npm test` first): it starts
// on an existing data directory without seeding again, finds its views, assets and embedded database
// process from the bundle, serves, and on SIGTERM stops cleanly (exit 0) and frees the database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedTemplateDir, postgresBase, root } from '../support/template-db.ts';
import { openDatabase } from '../../server/db/index.ts';
import { serverBundle } from '../../server/paths.ts';

test('the server process serves, then shuts down gracefully on SIGTERM and frees the data directory', { skip: postgresBase() ? 'runs on the embedded database' : false }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'backroom-main-'));
  try {
    cpSync(embeddedTemplateDir(), dir, { recursive: true });
    const child = spawn(process.execPath, [...serverBundle.execArgv, serverBundle.entry], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_PASSWORD: 'unused', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.stderr.on('data', (d: Buffer) => (out += d));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    assert.doesNotMatch(out, /Demo data created/, 'an existing database is not seeded again');
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    const login = await fetch(`${url}/login`);
    assert.equal(login.status, 200);
    const script = /<script[^>]+src="([^"]+)"/.exec(await login.text())?.[1];
    assert.ok(script, 'the sign-in page names its script');
    // Bodies are read to the end, as a browser does: a half-read response keeps its connection busy.
    const asset = await fetch(new URL(script, url));
    assert.equal(asset.status, 200);
    assert.ok((await asset.arrayBuffer()).byteLength > 1000);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exit, 0, out);
    assert.match(out, /shutting down/);
    const reopened = await openDatabase({ dataDir: dir });
    assert.equal((await reopened.pool.query(`select count(*)::int as n from meta where key = 'seeded'`)).rows[0].n, 1);
    await reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
