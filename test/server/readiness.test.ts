// /readyz and the drain before a stop, over a real listener: ready answers 200 while /healthz is the
// liveness answer; once draining, /readyz answers 503 while the instance goes on serving, its hub's browsers
// are told to connect again elsewhere, an export under way finishes whole, and only then does it close.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOSE_INSTANCE_STOPPING } from '../../common/hub-frames.ts';
import { shutDownGently } from '../../server/lifecycle/shutdown.ts';
import { exportsRunning } from '../../server/table-api/export/slots.ts';
import { createTestApp, sameDatabaseApp, signIn, type TestApp } from '../support/app.ts';
import { connectHub } from '../support/hub-client.ts';
import { until } from '../support/until.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t?.close());

describe('/readyz', () => {
  test('answers 200 while the instance takes work, 503 once it drains; /healthz stays 200', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready' });
    const app = await sameDatabaseApp(t, {});
    try {
      app.readiness.drain();
      const draining = await app.inject({ url: '/readyz' });
      assert.equal(draining.statusCode, 503);
      assert.deepEqual(draining.json(), { status: 'draining' });
      assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
      assert.match((await app.inject({ url: '/metrics' })).body, /^backroom_ready 0$/m);
      assert.equal((await t.app.inject({ url: '/readyz' })).statusCode, 200, 'another instance is not draining');
    } finally {
      await app.close();
    }
  });
});

describe('a stop with work under way', () => {
  test('drains: not ready, serves on, sends hub sockets away, lets the export finish, then closes', async () => {
    const app = await sameDatabaseApp(t, {});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const admin = await signIn(app, 'admin');
    // Far more than the sockets' buffers hold (~20 MB as CSV): with its client not reading, it stays under way.
    await t.db.pool.query(`insert into user_errors (message, stack_trace)
      select 'drain export', (select string_agg(md5(g::text || i::text), '') from generate_series(1, 32) g)
      from generate_series(1, 10000) i`);
    const path = '/api/user-errors/export?format=csv&columns[0][data]=ErrorID&columns[1][data]=StackTrace&search[value]=drain%20export';
    let received = 0;
    let response: IncomingMessage | undefined;
    const whole = new Promise<Buffer>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, headers: { cookie: admin.cookie } }, (res) => {
        response = res;
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
    const hub = await connectHub(base, admin.cookie);
    await hub.next('hello');
    await until(() => received >= 100_000, 'the client took its first bytes and stopped reading');

    let closed = false;
    const stopping = shutDownGently(app, { drainMs: 200, finishMs: 60_000 }).then(() => (closed = true));
    const readyz = await fetch(`${base}/readyz`);
    assert.equal(readyz.status, 503);
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    const page = await fetch(`${base}/api/stores?draw=1&start=0&length=5`, { headers: { cookie: admin.cookie } });
    assert.equal(page.status, 200, 'requests are still served');
    await page.arrayBuffer();

    await hub.next('reconnect');
    assert.equal(await hub.closed, CLOSE_INSTANCE_STOPPING);
    assert.equal(exportsRunning(t.db), 1, 'the export is still under way');
    assert.equal(closed, false, 'the app waits for it');
    response!.resume();
    const lines = (await whole).subarray(2).toString('utf16le').split('\r\n');
    assert.equal(lines.length - 2, 10_000, 'every row, after the header');
    await stopping;
    assert.equal(closed, true);
    await assert.rejects(fetch(`${base}/readyz`), 'no longer listening');
    await t.db.pool.query(`delete from user_errors where message = 'drain export'`);
  });

  test('an export past the limit is cut, and the app closes all the same', async () => {
    const app = await sameDatabaseApp(t, {});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const admin = await signIn(app, 'admin');
    await t.db.pool.query(`insert into user_errors (message, stack_trace)
      select 'cut export', (select string_agg(md5(g::text || i::text), '') from generate_series(1, 32) g)
      from generate_series(1, 10000) i`);
    const path = '/api/user-errors/export?format=csv&columns[0][data]=ErrorID&columns[1][data]=StackTrace&search[value]=cut%20export';
    let received = 0;
    let response: IncomingMessage | undefined;
    const ended = new Promise<'cut' | 'whole'>((resolve) => {
      const req = request({ port, host: '127.0.0.1', path, headers: { cookie: admin.cookie } }, (res) => {
        response = res;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 100_000) res.pause();
        });
        res.on('error', () => undefined);
        res.on('close', () => resolve(res.complete ? 'whole' : 'cut'));
      });
      req.on('error', () => resolve('cut'));
      req.end();
    });
    await until(() => received >= 100_000, 'the client took its first bytes and stopped reading');
    await shutDownGently(app, { drainMs: 1, finishMs: 1 });
    // A paused response reads nothing from its socket, not even its end: reading on, it finds the cut.
    response!.removeAllListeners('data');
    response!.resume();
    assert.equal(await ended, 'cut');
    await until(() => exportsRunning(t.db) === 0, 'the cut export ended its work');
    await t.db.pool.query(`delete from user_errors where message = 'cut export'`);
  });
});
