// The fault suite: while traffic runs (lists, changes, exports, PDFs, hub sockets: test/support/fault-traffic.ts),
// what lies outside the process fails at random points of it: on PostgreSQL an export's backend ended while
// its client reads slowly, and the hub's LISTEN connection ended, with a sign-out soon after; on the embedded
// database its process killed; and the PDF Chromium killed. After each strike /healthz must answer 200 again
// within 5 s; at the end the process must have lived (nothing thrown that would have ended it), no answer may
// be other than a failure in words, every row a change answered as gone in must be stored (and none it
// answered as not saved), and no socket of a session signed out may be open (while the others are).
// Strike points are drawn from a seeded generator: the seed is printed, and FAULT_SEED=<seed> replays it.
import { after, before, describe, test, type TestContext } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { CLOSE_SIGNED_OUT } from '../../common/hub-frames.ts';
import { HUB_CHANNEL } from '../../server/hub/postgres-bus.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';
import { Backends } from '../support/backends.ts';
import { chromiumPath } from '../support/browser.ts';
import { startTraffic, type Sale, type Traffic } from '../support/fault-traffic.ts';
import { connectHub, type HubSocket } from '../support/hub-client.ts';
import { addLongMessages } from '../support/long-messages.ts';
import { postgresBase } from '../support/template-db.ts';
import { watchUncaught, type UncaughtWatch } from '../support/uncaught.ts';
import { until } from '../support/until.ts';

const onPostgres = postgresBase() !== null;
const seed = Number(process.env.FAULT_SEED) || Math.floor(Math.random() * 2 ** 31);

/** A small seeded generator (mulberry32): the same seed draws the same strike points. */
function seeded(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}
const random = seeded(seed);

/** A session with a socket to the hub, and whether it was signed out (a sign-out answered as done). */
interface Session {
  user: SignedIn;
  hub: HubSocket;
  signedOut: boolean;
}

describe('faults under traffic', () => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let uncaught: UncaughtWatch;
  let sales: Sale[];
  /** The embedded database's restarts, for the message of a strike it took too long to recover from. */
  const events: string[] = [];
  before(async () => {
    uncaught = watchUncaught();
    // A PDF caught by a strike may wait for its deadline (rarely: seen in 2 of 7 CI runs, not yet explained):
    // a short one keeps the PDF round within the test's 60 s, which still sees a PDF printed after the strikes.
    t = await createTestApp({ limits: { pdf: { jobMs: 10_000 } } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn(t.app, 'admin');
    sales = (await t.db.pool.query<Sale>('select sale_id, version, transactions from sales order by sale_id')).rows;
    t.db.events?.on('restarting', ({ reason }) => events.push(`${Date.now()} restarting: ${reason}`));
    t.db.events?.on('restartFailed', ({ error }) => events.push(`${Date.now()} restart failed: ${error.message}`));
    t.db.events?.on('restarted', () => events.push(`${Date.now()} restarted`));
  });
  after(async () => {
    uncaught?.stop();
    await t?.close();
  });

  /** Rows for one test's changes: each test takes its own share, as no row is changed twice. */
  function salesShare(share: number, of: number): Sale[] {
    const size = Math.floor(sales.length / of);
    return sales.slice(share * size, (share + 1) * size);
  }

  /** Waits for a random point a few answers further on in the traffic. */
  async function strikePoint(traffic: Traffic): Promise<void> {
    const at = traffic.answered + 1 + Math.floor(random() * 12);
    await until(() => traffic.answered >= at, 'the traffic goes on', { ms: 30_000, detail: () => traffic.unexpected.join('\n') });
  }

  /** A deadline, not a timing: the app must serve again within 5 s of a strike (and, when given, `after` hold). */
  async function healthyWithin5s(after: () => boolean = () => true): Promise<void> {
    let last = '';
    const healthy = async () => {
      if (!after()) return false;
      const res = await t.app.inject({ url: '/healthz' });
      last = `${res.statusCode} ${res.body}`;
      return res.statusCode === 200;
    };
    await until(healthy, '/healthz answers 200 again', { ms: 5000, detail: () => `last answer: ${last}\n${events.join('\n')}` });
  }

  async function openSessions(count: number): Promise<Session[]> {
    // Whatever an earlier test struck has recovered (its own deadline was checked there).
    await until(async () => (await t.app.inject({ url: '/healthz' })).statusCode === 200, 'the app serves', { ms: 30_000 });
    const sessions: Session[] = [];
    for (let i = 0; i < count; i++) {
      const user = await signIn(t.app, 'clerk');
      const hub = await connectHub(base, user.cookie);
      await hub.next('hello');
      sessions.push({ user, hub, signedOut: false });
    }
    return sessions;
  }

  /** Signs out a random session still signed in; a sign-out the database failed leaves it signed in. */
  async function signOutOne(sessions: Session[]): Promise<void> {
    const left = sessions.filter((s) => !s.signedOut);
    const session = left[Math.floor(random() * left.length)];
    if (!session) return;
    const res = await session.user.inject({ method: 'POST', url: '/logout' });
    session.signedOut = res.statusCode === 303;
  }

  /** The four checks, once the traffic has stopped. */
  async function checkAfter(ctx: TestContext, traffic: Traffic, sessions: Session[]): Promise<void> {
    await traffic.stop();
    ctx.diagnostic(`seed ${seed}: ${traffic.answered} answers, ${traffic.committed.size} rows changed, ${traffic.notSaved.size} not saved`);
    assert.deepEqual(
      uncaught.take().map((e) => e.stack),
      [],
      'nothing was thrown that would have ended the process',
    );
    assert.deepEqual(traffic.unexpected, [], 'every answer is a success or a failure in words');

    const keys = [...traffic.committed.keys(), ...traffic.notSaved.keys()];
    const { rows } = await t.db.pool.query<{ sale_id: number; transactions: number }>(
      'select sale_id, transactions from sales where sale_id = any($1)',
      [keys],
    );
    const stored = new Map(rows.map((r) => [r.sale_id, r.transactions]));
    const lost = [...traffic.committed].filter(([key, value]) => stored.get(key) !== value);
    assert.deepEqual(lost, [], 'every row answered as gone in is stored');
    const wrote = [...traffic.notSaved].filter(([key, had]) => stored.get(key) !== had);
    assert.deepEqual(wrote, [], 'no row answered as not saved went in');
    assert.ok(traffic.committed.size > 0, 'changes went in');

    for (const session of sessions) {
      if (session.signedOut) {
        await until(() => session.hub.socket.readyState === WebSocket.CLOSED, "a signed-out session's socket closes", { ms: 10_000 });
        assert.equal(await session.hub.closed, CLOSE_SIGNED_OUT);
      } else {
        assert.equal(session.hub.socket.readyState, WebSocket.OPEN, 'a session still signed in keeps its socket');
        await session.hub.close();
      }
    }
  }

  test('PostgreSQL: export backends and the LISTEN connection ended at random points', {
    skip: onPostgres ? false : 'ends PostgreSQL backends (run with DATABASE_URL)',
  }, async (ctx) => {
    const backends = await Backends.of(t.db.pool.options.connectionString!);
    try {
      await addLongMessages(t.db.pool, 'admin');
      const sessions = await openSessions(4);
      const traffic = startTraffic({
        base,
        admin,
        sales: salesShare(0, 2),
        longExports: { user: admin, paths: ['/api/messages/export?format=csv', '/api/messages/export?format=xlsx'] },
        random,
      });
      try {
        for (let round = 0; round < 3; round++) {
          await strikePoint(traffic);
          const downloading = await heldExport(traffic);
          const backend = await exportWaiting(backends);
          await backends.terminate(backend);
          downloading.resume();
          await healthyWithin5s();

          await strikePoint(traffic);
          const listening = await backends.matching(new RegExp(`^listen ${HUB_CHANNEL}$`));
          await backends.terminate(...listening.map((b) => b.pid));
          await signOutOne(sessions);
          await healthyWithin5s();
        }
      } finally {
        await traffic.stop();
      }
      await checkAfter(ctx, traffic, sessions);
    } finally {
      await backends.close();
    }
  });

  test('embedded: the database process killed at random points', {
    skip: onPostgres ? 'about the embedded database process' : false,
  }, async (ctx) => {
    const sessions = await openSessions(4);
    const traffic = startTraffic({ base, admin, sales: salesShare(0, 2), random });
    try {
      // Two: a process killed again soon after its restart waits longer each time before the next (embedded.ts).
      for (let round = 0; round < 2; round++) {
        await strikePoint(traffic);
        const pid = t.db.pid!;
        process.kill(pid, 'SIGKILL');
        await signOutOne(sessions);
        await healthyWithin5s(() => t.db.pid !== pid);
      }
    } finally {
      await traffic.stop();
    }
    await checkAfter(ctx, traffic, sessions);
  });

  test('the PDF Chromium killed at random points', {
    skip: chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)',
  }, async (ctx) => {
    const sessions = await openSessions(2);
    const analyst = await signIn(t.app, 'analyst');
    const traffic = startTraffic({ base, admin, sales: salesShare(1, 2), pdfs: analyst, random });
    try {
      for (let round = 0; round < 2; round++) {
        await strikePoint(traffic);
        await killChromium(t.app);
        await signOutOne(sessions);
        await healthyWithin5s();
      }
      const printed = traffic.printed;
      await until(() => traffic.printed > printed, 'a PDF is printed after the last strike', { ms: 30_000 });
    } finally {
      await traffic.stop();
    }
    await checkAfter(ctx, traffic, sessions);
  });
});

/**
 * Kills the PDF engine's Chromium. The id read may be of one already gone (the one killed a round before, until
 * the engine has heard it disconnect; or one retired after its share of PDFs): the next one is killed then.
 */
async function killChromium(app: FastifyInstance): Promise<void> {
  await until(
    () => {
      const pid = app.pdf.browserPid;
      if (pid === undefined) return false;
      try {
        process.kill(pid, 'SIGKILL');
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
        throw err;
      }
    },
    'a running Chromium killed',
    { ms: 30_000 },
  );
}

/** The next long download, stopped by its client somewhere in its body; one that ended first is passed over. */
async function heldExport(traffic: Traffic) {
  for (;;) {
    const downloading = await traffic.holdLongExport();
    if (downloading.paused) return downloading;
  }
}

/** The backend of the held export, once it waits for its client: a COPY waiting to write, or a cursor's transaction between batches. */
async function exportWaiting(backends: Backends): Promise<number> {
  let pid: number | undefined;
  await until(
    async () => {
      const waiting = [
        ...(await backends.matching(/^copy \(/, { waitingFor: 'ClientWrite' })),
        ...(await backends.matching(/^fetch forward/, { state: 'idle in transaction', stillMs: 300 })),
      ];
      pid = waiting[0]?.pid;
      return pid !== undefined;
    },
    'the held export waits for its client',
    { ms: 20_000 },
  );
  return pid!;
}
