// The dashboard's inbox through HTTP: each kind's unread count linking to its screen, and its newest items,
// newest first, unread ones marked; an empty kind says so.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../support/app.ts';

const shared = useTestApp('clerk');

/** The dashboard's inbox section, per kind: [heading link, unread count text, item titles (unread marked *)]. */
function inboxKinds(html: string): Array<{ href: string; text: string; items: string[]; empty: boolean }> {
  const section = /<section class="dashboard-inbox"[\s\S]*?<\/div>\n<\/section>/.exec(html)?.[0] ?? '';
  return [...section.matchAll(/<section class="dashboard-inbox-kind">([\s\S]*?)<\/section>/g)].map(([, kind]) => ({
    href: /<h3><a href="([^"]+)">/.exec(kind!)?.[1] ?? '',
    text: /<h3><a href="[^"]+">([^<]+)<\/a><\/h3>/.exec(kind!)?.[1] ?? '',
    items: [...kind!.matchAll(/<li class="inbox-item( unread)?"><strong>([^<]+)<\/strong>/g)].map((m) => `${m[1] ? '*' : ''}${m[2]}`),
    empty: kind!.includes('Nothing here yet.'),
  }));
}

describe("the dashboard's inbox", () => {
  before(async () => {
    const pool = shared.t.db.pool;
    const [{ id }] = (await pool.query<{ id: number }>(`select user_id as id from users where user_name = 'clerk'`)).rows as [
      { id: number },
    ];
    await pool.query('delete from inbox where user_id = $1', [id]);
    await pool.query(
      `insert into inbox (kind, user_id, title, body, is_read, created_at) values
         ('message', $1, 'Older message', 'first', false, now() - interval '2 hours'),
         ('message', $1, 'Newer message', '', false, now() - interval '1 hour'),
         ('message', $1, 'Read message', '', true, now() - interval '3 hours'),
         ('alert', $1, 'Till short', 'Store 12', true, now() - interval '1 day')`,
      [id],
    );
  });

  test("the dashboard shows each kind's unread count linking to its screen and its newest items, newest first", async () => {
    const res = await shared.clerk.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(inboxKinds(res.body), [
      { href: '/messages', text: 'Messages: 2 unread', items: ['*Newer message', '*Older message', 'Read message'], empty: false },
      { href: '/alerts', text: 'Alerts: 0 unread', items: ['Till short'], empty: false },
      { href: '/notifications', text: 'Notifications: 0 unread', items: [], empty: true },
    ]);
    assert.match(res.body, /<strong>Older message<\/strong><span class="visually-hidden"> \(unread\)<\/span>/);
    assert.match(res.body, /<p>first<\/p>/);
  });

  test('a partial swap of the dashboard carries the inbox too', async () => {
    const res = await shared.clerk.inject({ url: '/', headers: { 'hx-request': 'true' } });
    assert.equal(inboxKinds(res.body)[0]?.text, 'Messages: 2 unread');
  });
});
