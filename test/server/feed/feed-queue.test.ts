// The feed's queue (server/feed/feed-queue.ts), over a real listener: an instance serves FEED_AT_ONCE feed
// requests at a time, from their token's look-up to their answer, and FEED_QUEUE more wait their turn; one
// more is refused at once with 503, a Retry-After and the reason, before its token is looked up (its use
// neither counted nor audited). The requests admitted are all answered in their turn, and a till told to wait
// sends its day again with the same key and has it stored once. A request whose body is held back half sent
// gives its turn up once its token is looked up: the next is served meanwhile, and it is answered once its
// body is in. (feed-queue.test.ts in test/unit: the order of turns given up and taken again.)
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { msg } from '../../../server/messages.ts';
import { useTestAppWith } from '../../support/app.ts';
import { until } from '../../support/until.ts';
import { feed, issueToken } from './support.ts';
import type { FeedTicket } from '../../../server/feed/feed-queue.ts';

interface Day {
  store_number: number;
  day: string;
}

/** A feed request sent by hand over its own connection, its body held back after `sent` bytes until `finish`. */
interface Held {
  finish(): void;
  /** The answer's status line and body, once the server has answered. */
  answer(): Promise<{ status: number; body: string }>;
}

function holdRequest(port: number, token: string, key: string, body: string, sent: number): Held {
  const socket: Socket = connect(port, '127.0.0.1');
  let read = '';
  socket.on('data', (chunk: Buffer) => (read += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/feed/sales HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Idempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, sent)}`,
  );
  return {
    finish: () => void socket.write(body.slice(sent)),
    answer: async () => {
      await until(() => socket.destroyed || /\r\n\r\n[\s\S]*[}\]]$/.test(read), 'the held request is answered', { detail: () => read });
      const [head = '', text = ''] = read.split('\r\n\r\n');
      socket.destroy();
      return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: text };
    },
  };
}

describe('the feed queue', () => {
  const shared = useTestAppWith({ limits: { feed: { atOnce: 1, queue: 1 } } }, 'admin');
  const db = () => shared.t.db.pool;
  let port: number;
  let token: string;
  let tokenId: number;
  /** Days without a sale, of stores whose number no other store has, each after its store opened. */
  let free: Day[];

  before(async () => {
    await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shared.t.app.server.address() as AddressInfo).port;
    ({ token, id: tokenId } = await issueToken(shared.admin, { Name: 'Queued tills' }));
    free = (
      await db().query<Day>(
        `delete from sales sa using stores s
          where s.store_id = sa.store_id and sa.sale_date = current_date - 2 and s.is_active
            and s.store_id in (select o.store_id from stores o where o.is_active and o.open_date < current_date - 2
                                 and (select count(*) from stores n where n.store_number = o.store_number) = 1
                               order by o.store_id limit 12)
          returning s.store_number, to_char(sa.sale_date, 'YYYY-MM-DD') as day`,
      )
    ).rows;
    assert.ok(free.length >= 10, 'enough free days');
  });

  const sale = (d: Day) =>
    JSON.stringify([{ StoreNumber: d.store_number, SaleDate: d.day, Sales: '321.00', Transactions: 9, Margin: 0.25 }]);
  const stored = async (d: Day) =>
    (
      await db().query<{ version: number }>(
        `select sa.version from sales sa join stores s on s.store_id = sa.store_id where s.store_number = $1 and sa.sale_date = $2`,
        [d.store_number, d.day],
      )
    ).rows;
  const uses = async () =>
    (await db().query(`select count(*)::int as n from audit_log where resource = 'tokens' and row_key = $1`, [String(tokenId)])).rows[0]
      .n as number;

  /** The one turn taken, as a request being written holds it, and a request waiting behind it (sent whole). */
  async function fillQueue(day: Day, key: string): Promise<{ occupied: FeedTicket; waiting: Held }> {
    const occupied = shared.t.app.feedQueue.admit()!;
    await occupied.turn();
    const text = sale(day);
    const waiting = holdRequest(port, token, key, text, text.length);
    await until(() => shared.t.app.feedQueue.waiting === 1, 'the request waits its turn');
    return { occupied, waiting };
  }

  test('past the request served and those waiting, one more is refused at once with 503 and a Retry-After; the rest are answered', async () => {
    const [b, c] = [free.shift()!, free.shift()!];
    const { occupied, waiting } = await fillQueue(b, 'held-b');
    const usesBefore = await uses();

    const refused = await feed(shared.t.app, token, 'sales', sale(c), { 'idempotency-key': 'refused-c' });
    assert.equal(refused.statusCode, 503, refused.body);
    const wait = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${refused.headers['retry-after']}`);
    assert.equal(refused.json().error, msg('feedBusy', 1, 1, wait));
    assert.equal(await uses(), usesBefore, 'the refused request did not use the token');
    assert.deepEqual(await stored(c), []);

    // The turn is let go: the waiting request has it, and is answered.
    occupied.leave();
    const answer = await waiting.answer();
    assert.equal(answer.status, 200, answer.body);
    // The till told to wait sends its day again with the same key: stored once.
    const again = await feed(shared.t.app, token, 'sales', sale(c), { 'idempotency-key': 'refused-c' });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.headers['idempotent-replayed'], undefined, 'the refusal kept no answer for its key');
    for (const d of [b, c]) assert.deepEqual(await stored(d), [{ version: 1 }]);
    assert.equal(shared.t.app.feedQueue.serving + shared.t.app.feedQueue.waiting, 0, 'every turn let go');
  });

  test('a request whose body is slow to arrive holds no turn meanwhile: the next is served, and it is answered once its body is in', async () => {
    const [a, b] = [free.shift()!, free.shift()!];
    const looked = (await uses()) + 1;
    const slow = holdRequest(port, token, 'slow-a', sale(a), 10);
    await until(async () => (await uses()) === looked, "the slow request's token is looked up");
    assert.equal(shared.t.app.feedQueue.serving, 0, 'no turn held while its body arrives');
    const quick = await feed(shared.t.app, token, 'sales', sale(b), { 'idempotency-key': 'quick-b' });
    assert.equal(quick.statusCode, 200, quick.body);
    assert.deepEqual(await stored(a), [], 'the slow one not written yet');
    slow.finish();
    const answer = await slow.answer();
    assert.equal(answer.status, 200, answer.body);
    for (const d of [a, b]) assert.deepEqual(await stored(d), [{ version: 1 }]);
    assert.equal(shared.t.app.feedQueue.serving + shared.t.app.feedQueue.waiting, 0, 'every turn let go');
  });

  test('requests arriving together are served one at a time, each in its turn, and each answered', async () => {
    const days = free.splice(0, 2);
    // One is served while the other waits its turn.
    const sent = await Promise.all(days.map((d, i) => feed(shared.t.app, token, 'sales', sale(d), { 'idempotency-key': `together-${i}` })));
    assert.deepEqual(
      sent.map((r) => r.statusCode),
      [200, 200],
      sent.map((r) => r.body).join('\n'),
    );
    for (const d of days) assert.deepEqual(await stored(d), [{ version: 1 }]);
  });

  test('a request the queue has no room for is refused busy whatever its token: nothing is looked up', async () => {
    const [b, c] = [free.shift()!, free.shift()!];
    const { occupied, waiting } = await fillQueue(b, 'held-y');
    const unknown = await feed(shared.t.app, 'brk_not-a-token', 'sales', sale(c));
    assert.equal(unknown.statusCode, 503);
    assert.ok(Number(unknown.headers['retry-after']) >= 1);
    occupied.leave();
    assert.equal((await waiting.answer()).status, 200);
    // Room again: the unknown token is now looked up, and refused for what it is.
    const looked = await feed(shared.t.app, 'brk_not-a-token', 'sales', sale(c));
    assert.equal(looked.statusCode, 401);
  });
});
