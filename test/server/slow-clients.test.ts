// Slow and greedy clients over a real listener: a request's headers and body must arrive within their times
// (limits.connections, small here), or its connection is closed with 408 in words; a route may allow its
// body longer; an idle connection between requests is closed; and one address holds at most its share of
// connections, but for a proxy TRUST_PROXY names. What must NOT be cut is proven against a witness, never a
// fixed wait: connections that send nothing, opened one after another until together they have lasted longer
// than a whole request may take; the server closing the last of them shows its check ran that late, and had
// the export or the hub socket been subject to it, the same check would have closed it.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { msg } from '../../server/messages.ts';
import { exportsRunning } from '../../server/table-api/export/slots.ts';
import { createTestApp, sameDatabaseApp, signIn, testConfig, type TestApp } from '../support/app.ts';
import { connectHub, framesUntilNow, userIdOf } from '../support/hub-client.ts';
import { watchUncaught, type UncaughtWatch } from '../support/uncaught.ts';
import { until } from '../support/until.ts';

const HEADERS_MS = 300;
const BODY_MS = 300;
const timeouts = { headersMs: HEADERS_MS, bodyMs: BODY_MS, keepAliveMs: 300 };
/** What a timed-out request reads: its status line and the words, nothing of the error. */
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout';
const timedOutBody = JSON.stringify({ error: msg('requestTimedOut') });

/** A raw connection: everything it has read, and a wait for the server to close it. */
interface Connection {
  socket: Socket;
  read: () => string;
  /** Resolves once the connection has closed; fails after 10 s. */
  closed: () => Promise<void>;
}

async function open(port: number): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  let read = '';
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => (read += chunk.toString('latin1')));
  // The server closing a connection still sending: a write after it fails, which is expected here.
  socket.on('error', () => undefined);
  socket.once('close', () => (isClosed = true));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, read: () => read, closed: () => until(() => isClosed, 'the server closed the connection', { detail: () => read }) };
}

function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

/**
 * Returns once the server's check of requests under way has run later than a whole request may take, counted
 * from the call: connections that send nothing, each closed by the server when its headers are late, one
 * after another until together they outlast the headers' and the body's time and one more round of checks.
 */
async function outlastWholeRequest(port: number): Promise<void> {
  const rounds = Math.ceil((HEADERS_MS + BODY_MS) / HEADERS_MS) + 1;
  for (let i = 0; i < rounds; i++) {
    const idle = await open(port);
    await idle.closed();
    assert.ok(idle.read().startsWith(TIMED_OUT), idle.read());
  }
}

/** Sends a body a byte every 50 ms (far more often than the body's time) until its connection closes. */
function trickle(connection: Connection, bytes: number): { sent: () => number } {
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < bytes && !connection.socket.destroyed) connection.socket.write('a', () => undefined);
    sent++;
  }, 50);
  connection.socket.once('close', () => clearInterval(timer));
  return { sent: () => sent };
}

describe('request times', () => {
  let t: TestApp;
  let port: number;
  let uncaught: UncaughtWatch;
  before(async () => {
    uncaught = watchUncaught();
    t = await createTestApp({ limits: { connections: timeouts } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
  });
  after(async () => {
    uncaught?.stop();
    await t?.close();
  });

  /** After each cut: nothing thrown that would have ended the process, and the app still answers. */
  async function stillServes(): Promise<void> {
    assert.deepEqual(uncaught.take(), []);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(res.status, 200);
  }

  test('a connection that sends nothing, or its headers too slowly, is closed with 408 in words', async () => {
    const silent = await open(port);
    const slowHeaders = await open(port);
    slowHeaders.socket.write('POST /login HTTP/1.1\r\nHost: localhost\r\n');
    for (const connection of [silent, slowHeaders]) {
      await connection.closed();
      assert.ok(connection.read().startsWith(TIMED_OUT), connection.read());
      assert.ok(connection.read().endsWith(`\r\n\r\n${timedOutBody}`), connection.read());
    }
    await stillServes();
  });

  test('a sign-in whose body comes a byte at a time, never whole, is closed with 408 in words', async () => {
    const slow = await open(port);
    slow.socket.write(
      'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
    );
    const body = trickle(slow, 1000);
    await slow.closed();
    assert.ok(slow.read().startsWith(TIMED_OUT), slow.read());
    assert.ok(slow.read().endsWith(`\r\n\r\n${timedOutBody}`), slow.read());
    assert.ok(body.sent() < 1000, 'cut before its body was whole');
    await stillServes();
  });

  test('a body its route does not read must still arrive in time: its connection is closed, the answer left whole', async () => {
    const slow = await open(port);
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n');
    trickle(slow, 1000);
    await slow.closed();
    // Answered before its body came: nothing is written after that answer.
    assert.match(slow.read(), /^HTTP\/1\.1 200 /);
    assert.ok(!slow.read().includes(TIMED_OUT), slow.read());
    await stillServes();
  });

  test('a connection idle after its answer is closed after the keep-alive time', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const socket = await new Promise<Socket>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/healthz', agent }, (res) => {
        assert.equal(res.statusCode, 200);
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject);
      req.end();
    });
    await until(() => socket.destroyed, 'the server closed the idle connection');
    agent.destroy();
  });

  test('an export that streams for longer than a whole request may take completes', async () => {
    const admin = await signIn(t.app, 'admin');
    // Far more than the sockets' buffers hold (~20 MB as CSV): with its client not reading, it stays under way.
    await t.db.pool.query(`insert into user_errors (message, stack_trace)
      select 'long export', (select string_agg(md5(g::text || i::text), '') from generate_series(1, 32) g)
      from generate_series(1, 10000) i`);
    const path = '/api/user-errors/export?format=csv&columns[0][data]=ErrorID&columns[1][data]=StackTrace&search[value]=long%20export';
    let received = 0;
    let response: IncomingMessage | undefined;
    const whole = new Promise<Buffer>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, headers: { cookie: admin.cookie } }, (res) => {
        assert.equal(res.statusCode, 200);
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
    await until(() => received >= 100_000, 'the client took its first bytes and stopped reading');
    await outlastWholeRequest(port);
    assert.equal(exportsRunning(t.db), 1, 'the export is still under way');
    response!.resume();
    const lines = (await whole).subarray(2).toString('utf16le').split('\r\n');
    assert.equal(lines.length - 2, 10_000, 'every row, after the header');
  });

  test('a hub socket stays open for longer than a whole request may take', async () => {
    const clerk = await signIn(t.app, 'clerk');
    const base = `http://127.0.0.1:${port}`;
    const hub = await connectHub(base, clerk.cookie);
    await hub.next('hello');
    await outlastWholeRequest(port);
    // A frame sent now still arrives: the socket was not closed.
    await framesUntilNow(t.app, hub, await userIdOf(clerk));
    await hub.close();
  });

  test('a route may allow its body longer: one arriving over more than a whole request may take is read whole', async () => {
    const app = await buildApp({ config: testConfig({ limits: { connections: timeouts } }, t.config), db: t.db });
    app.post('/slow-upload', { config: { public: true, csrf: 'none', bodyTimeoutMs: 60_000 } }, async (req) => ({
      length: String(req.body).length,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const upload = await open(portOf(app));
      upload.socket.write('POST /slow-upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\na');
      await outlastWholeRequest(portOf(app));
      upload.socket.write('bcdefghijk');
      await until(() => upload.read().includes('{"length":11}'), 'the upload is answered', { detail: upload.read });
      assert.match(upload.read(), /^HTTP\/1\.1 200 /);
      upload.socket.destroy();
    } finally {
      await app.close();
    }
  });
});

describe('connections per address', () => {
  const MOST = 3;
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ limits: { connections: { perAddress: MOST } } });
  });
  after(() => t?.close());

  /** A client holding one connection of its own (kept alive), and whether its last request reused it. */
  function client(port: number) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    return {
      agent,
      get: () =>
        new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
          const req = request({ port, host: '127.0.0.1', path: '/healthz', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          });
          req.on('error', reject);
          req.end();
        }),
    };
  }

  async function listening(app: FastifyInstance): Promise<number> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return portOf(app);
  }

  function openConnections(app: FastifyInstance): Promise<number> {
    return new Promise((resolve, reject) => app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  }

  test('connections past the limit are closed as they open, while the first ones still serve', async () => {
    const port = await listening(t.app);
    const first = Array.from({ length: MOST }, () => client(port));
    for (const c of first) assert.equal((await c.get()).status, 200);
    const extra = [client(port), client(port)];
    for (const c of extra) await assert.rejects(c.get(), /socket hang up|ECONNRESET|EPIPE/);
    for (const c of first) assert.deepEqual(await c.get(), { status: 200, reused: true });

    // A connection closed makes room for another.
    first.shift()!.agent.destroy();
    await until(async () => (await openConnections(t.app)) === MOST - 1, 'the server let the closed connection go');
    const next = client(port);
    assert.equal((await next.get()).status, 200);
    for (const c of [...first, ...extra, next]) c.agent.destroy();
  });

  test('connections from a proxy TRUST_PROXY names are not counted', async () => {
    const app = await sameDatabaseApp(t, { trustProxy: ['127.0.0.1'], limits: { connections: { perAddress: MOST } } });
    try {
      const port = await listening(app);
      const clients = Array.from({ length: MOST + 2 }, () => client(port));
      for (const c of clients) assert.equal((await c.get()).status, 200);
      for (const c of clients) assert.deepEqual(await c.get(), { status: 200, reused: true });
      for (const c of clients) c.agent.destroy();
    } finally {
      await app.close();
    }
  });
});
