// `npm start`'s own process, the server bundle dist/server/main.mjs (built by `npm test` first): it starts
// on an existing data directory without seeding again, finds its views, assets and embedded database
// process from the bundle, serves, starts the daily check for missing sales once the history is in, and on
// SIGTERM stops cleanly (exit 0) and frees the database, after draining (not ready, serving on, an export
// under way finished whole); when its database process dies and cannot be started again, it exits with
// status 1 for its supervisor to restart it.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { cpSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { request } from 'node:http';
import { ADMIN_PASSWORD, embeddedTemplateDir, postgresBase, root, scratchDir } from '../support/template-db.ts';
import { openDatabase } from '../../server/db/index.ts';
import { serverBundle } from '../../server/paths.ts';
import { until } from '../support/until.ts';

interface Server {
  child: ChildProcessByStdio<null, Readable, Readable>;
  url: string;
  /** The embedded database process's id, as the ready line logs it. */
  databasePid: number;
  /** Everything the process has written so far. */
  output(): string;
  exit: Promise<number | null>;
}

/** The server bundle on a copy of the template database in `dir`, once it says it is ready. */
async function startServer(dir: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [...serverBundle.execArgv, serverBundle.entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'unused',
      DATABASE_URL: '',
      // No proxy watches /readyz here: a short drain (the next test drains on purpose).
      SHUTDOWN_DRAIN_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const [url, databasePid] = await new Promise<[string, number]>((resolve, reject) => {
    child.stdout.on('data', () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      const ready = /"databasePid":(\d+).*Backroom is ready/.exec(out);
      if (listening && ready) resolve([listening[1]!, Number(ready[1])]);
    });
    void exit.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, url, databasePid, output: () => out, exit };
}

/** Ends a server a failed test left running (its database process follows it). */
function endServer(server: Server | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}

describe('the server process', { skip: postgresBase() ? 'runs on the embedded database' : false }, () => {
  test('serves, then shuts down gracefully on SIGTERM and frees the data directory', async () => {
    const dir = scratchDir('backroom-main-');
    let server: Server | undefined;
    try {
      cpSync(embeddedTemplateDir(), dir, { recursive: true });
      server = await startServer(dir);
      const { url } = server;
      assert.doesNotMatch(server.output(), /Demo data created/, 'an existing database is not seeded again');
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
      // Once the sales history is in, the daily check for stores' missing sales runs (and then every day).
      await until(() => /"msg":"daily sales (checked|missing)/.test(server!.output()), 'the daily sales check ran', {
        ms: 50_000,
        detail: server.output,
      });
      server.child.kill('SIGTERM');
      assert.equal(await server.exit, 0, server.output());
      assert.match(server.output(), /shutting down/);
      const reopened = await openDatabase({ dataDir: dir });
      assert.equal((await reopened.pool.query(`select count(*)::int as n from meta where key = 'seeded'`)).rows[0].n, 1);
      await reopened.close();
    } finally {
      endServer(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('exits with status 1 when its database process is killed and cannot be started again', async () => {
    const dir = scratchDir('backroom-main-');
    let server: Server | undefined;
    try {
      cpSync(embeddedTemplateDir(), dir, { recursive: true });
      server = await startServer(dir);
      // Nothing can open the data directory any more: a file stands in its place.
      renameSync(dir, `${dir}-moved`);
      writeFileSync(dir, '');
      process.kill(server.databasePid, 'SIGKILL');
      assert.equal(await server.exit, 1, server.output());
      assert.match(server.output(), /the embedded database process stopped serving: restarting it/);
      assert.match(server.output(), /could not be restarted: exiting/);
    } finally {
      endServer(server);
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-moved`, { recursive: true, force: true });
    }
  });

  test('on SIGTERM it drains: not ready, serving on, an export under way finished whole, then exit 0', async () => {
    const dir = scratchDir('backroom-main-');
    let server: Server | undefined;
    try {
      cpSync(embeddedTemplateDir(), dir, { recursive: true });
      // Far more than the sockets' buffers hold (~20 MB as CSV): with its client not reading, it stays under way.
      const db = await openDatabase({ dataDir: dir });
      await db.pool.query(`insert into user_errors (message, stack_trace)
        select 'drain export', (select string_agg(md5(g::text || i::text), '') from generate_series(1, 32) g)
        from generate_series(1, 10000) i`);
      await db.close();
      server = await startServer(dir, { SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_FINISH_MS: '600000' });
      const { url } = server;
      const cookie = await signInOver(url, 'admin', ADMIN_PASSWORD);
      assert.equal((await fetch(`${url}/readyz`)).status, 200);
      const path = '/api/user-errors/export?format=csv&columns[0][data]=ErrorID&columns[1][data]=StackTrace&search[value]=drain%20export';
      let received = 0;
      let resume: () => void = () => undefined;
      const whole = new Promise<Buffer>((resolve, reject) => {
        const req = request(new URL(path, url), { headers: { cookie } }, (res) => {
          resume = () => void res.resume();
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (received < 100_000 && received + chunk.length >= 100_000) res.pause();
            chunks.push(chunk);
            received += chunk.length;
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('aborted', () => reject(new Error('the export was cut off')));
        });
        req.on('error', reject);
        req.end();
      });
      await until(() => received >= 100_000, 'the client took its first bytes and stopped reading');
      server.child.kill('SIGTERM');
      await until(async () => (await fetch(`${url}/readyz`)).status === 503, '/readyz answers 503', { detail: server.output });
      assert.equal((await fetch(`${url}/healthz`)).status, 200, 'alive all the same');
      const page = await fetch(`${url}/api/stores?draw=1&start=0&length=5`, { headers: { cookie } });
      assert.equal(page.status, 200, 'requests are still served');
      await page.arrayBuffer();
      await until(() => /hub sockets told to reconnect/.test(server!.output()), 'the drain time passed', { detail: server.output });
      assert.equal(server.child.exitCode, null, 'it waits for the export');
      resume();
      const lines = (await whole).subarray(2).toString('utf16le').split('\r\n');
      assert.equal(lines.length - 2, 10_000, 'every row, after the header');
      assert.equal(await server.exit, 0, server.output());
    } finally {
      endServer(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Signs in through the sign-in form, as a browser does: the session cookie. */
async function signInOver(url: string, username: string, password: string): Promise<string> {
  const form = await fetch(`${url}/login`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiesOf(form), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, _csrf: token }),
  });
  assert.equal(res.status, 303, `sign-in as ${username}`);
  return cookiesOf(res);
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
