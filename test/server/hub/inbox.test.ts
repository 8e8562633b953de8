// Messages, alerts and notifications through the hub, with real sockets: a new item reaches its recipient's
// browsers (and nobody else's) with their unread counts; marking read or unread, through the inbox's own
// call or the table API, sends the new counts; only senders may send, to the users offered to them; and a
// change to a table tells whoever may list it.
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { InboxItem, UnreadCounts } from '../../../common/inbox-kinds.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { connectHub, framesUntilNow, userIdOf } from '../../support/hub-client.ts';

describe('the inbox through the hub', () => {
  const shared = useTestApp('itdesk', 'clerk', 'analyst', 'trainee', 'admin');
  let base = '';
  const ids: Record<string, number> = {};
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const name of ['itdesk', 'clerk', 'analyst', 'trainee', 'admin'] as const) ids[name] = await userIdOf(shared[name]);
  });

  async function summary(user: SignedIn): Promise<{ unread: UnreadCounts; newest: Record<string, InboxItem[]> }> {
    const res = await user.inject({ url: '/api/common/inbox-summary' });
    assert.equal(res.statusCode, 200);
    return res.json();
  }

  async function send(from: SignedIn, to: number, title: string) {
    return from.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: to, Title: title, Body: `${title}, in full.`, Severity: 'warning' },
    });
  }

  test("a message sent by one user reaches the recipient's sockets, with their unread counts, and no one else's", async () => {
    const clerkTabs = await Promise.all([connectHub(base, shared.clerk.cookie), connectHub(base, shared.clerk.cookie)]);
    const analyst = await connectHub(base, shared.analyst.cookie);
    const before = await summary(shared.clerk);

    const sent = await send(shared.itdesk, ids.clerk!, 'Till 3 is short');
    assert.equal(sent.statusCode, 200);
    const [id] = sent.json().Succeed as number[];
    for (const tab of clerkTabs) {
      const frame = await tab.next('inbox');
      assert.equal(frame.kind, 'message');
      assert.deepEqual(
        { ...frame.item, CreatedAt: typeof frame.item.CreatedAt },
        {
          ID: id,
          Kind: 'message',
          Title: 'Till 3 is short',
          Body: 'Till 3 is short, in full.',
          Severity: 'warning',
          SenderName: 'Riley Patel',
          CreatedAt: 'string',
          IsRead: false,
        },
      );
      assert.deepEqual(frame.unread, { ...before.unread, messages: before.unread.messages + 1 });
    }
    assert.deepEqual(
      (await framesUntilNow(shared.t.app, analyst, ids.analyst!)).filter((f) => f.type === 'inbox'),
      [],
    );
    const after = await summary(shared.clerk);
    assert.equal(after.unread.messages, before.unread.messages + 1);
    assert.equal(after.newest.messages![0]!.ID, id);
    await Promise.all([...clerkTabs, analyst].map((h) => h.close()));
  });

  test("marking read and unread, one, a kind or all, answers and sends the new counts to the user's sockets", async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const [first, second] = await Promise.all(
      ['Read me', 'And me'].map(async (title) => (await send(shared.itdesk, ids.clerk!, title)).json().Succeed[0] as number),
    );
    await clerk.next('inbox', (f) => f.item.ID === second);
    const start = (await summary(shared.clerk)).unread;
    assert.ok(start.messages >= 2);

    const mark = async (body: object) => {
      const res = await shared.clerk.inject({ method: 'POST', url: '/api/common/inbox/read', payload: body });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { changed: number; unread: UnreadCounts };
    };
    const one = await mark({ ids: [first], read: true });
    assert.deepEqual(one, { changed: 1, unread: { ...start, messages: start.messages - 1 } });
    assert.deepEqual((await clerk.next('unread')).unread, one.unread);
    assert.equal((await summary(shared.clerk)).newest.messages!.find((i) => i.ID === first)?.IsRead, true);

    assert.equal((await mark({ ids: [first], read: true })).changed, 0, 'already read');
    const unreadAgain = await mark({ ids: [first], read: false });
    assert.deepEqual(unreadAgain.unread, start);
    assert.deepEqual((await clerk.next('unread')).unread, start);

    const kind = await mark({ kind: 'message', read: true });
    assert.equal(kind.changed, start.messages);
    assert.deepEqual(kind.unread, { ...start, messages: 0 });
    await mark({ all: true, read: true });
    assert.deepEqual((await summary(shared.clerk)).unread, { messages: 0, alerts: 0, notifications: 0 });
    await clerk.close();
  });

  test('marking read through the table API sends the new counts too', async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const id = (await send(shared.itdesk, ids.clerk!, 'Through the table')).json().Succeed[0] as number;
    const arrived = await clerk.next('inbox', (f) => f.item.ID === id);
    const version = (await shared.t.db.pool.query('select version from inbox where inbox_id = $1', [id])).rows[0].version as number;
    const res = await shared.clerk.inject({
      method: 'PATCH',
      url: '/api/messages',
      payload: { MessageID: id, Version: version, IsRead: true },
    });
    assert.deepEqual(res.json().Succeed, [id]);
    assert.deepEqual((await clerk.next('unread')).unread, { ...arrived.unread, messages: arrived.unread.messages - 1 });
    await clerk.close();
  });

  test("nobody marks another user's items, and an unclear or unsigned request is refused", async () => {
    const id = (await send(shared.itdesk, ids.clerk!, 'Not yours')).json().Succeed[0] as number;
    const foreign = await shared.analyst.inject({ method: 'POST', url: '/api/common/inbox/read', payload: { ids: [id], read: true } });
    assert.equal(foreign.json().changed, 0);
    const row = await shared.t.db.pool.query('select is_read from inbox where inbox_id = $1', [id]);
    assert.equal(row.rows[0].is_read, false);
    for (const body of [{ read: true }, { ids: [id], all: true, read: true }, { kind: 'memo', read: true }, { ids: [id] }]) {
      const res = await shared.clerk.inject({ method: 'POST', url: '/api/common/inbox/read', payload: body });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
    }
    const unclear = await shared.clerk.inject({ method: 'POST', url: '/api/common/inbox/read', payload: { read: true } });
    assert.deepEqual(unclear.json(), { error: m.inboxReadWhich });
    const noToken = await shared.clerk.inject({
      method: 'POST',
      url: '/api/common/inbox/read',
      payload: { all: true, read: true },
      headers: { 'x-csrf-token': 'wrong' },
    });
    assert.equal(noToken.statusCode, 403);
  });

  test('only users with the messages role send messages, and they are offered only active users to send to', async () => {
    const refused = await send(shared.clerk, ids.analyst!, 'May I?');
    assert.equal(refused.statusCode, 403);
    assert.equal((await shared.clerk.inject({ url: '/api/messages/options?field=UserID' })).statusCode, 403);

    const offered = (await shared.itdesk.inject({ url: '/api/messages/options?field=UserID' })).json().options as Array<{
      value: number;
      label: string;
    }>;
    const active = (await shared.t.db.pool.query('select user_id from users where is_active order by user_id')).rows.map(
      (r) => r.user_id as number,
    );
    assert.deepEqual(
      offered.map((o) => o.value).sort((a, b) => a - b),
      active,
    );
    assert.ok(!offered.some((o) => o.label === 'former'), 'an inactive user is not offered');
    const former = (await shared.t.db.pool.query(`select user_id from users where user_name = 'former'`)).rows[0].user_id as number;
    const toFormer = await send(shared.itdesk, former, 'Are you there?');
    assert.equal(toFormer.json().Failed[0].fields.UserID, m.tableNotInList);
  });

  test('a change to a table tells the users who may list it, and who made it, on their own sockets, and not the others', async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const trainee = await connectHub(base, shared.trainee.cookie);
    const store = (await shared.t.db.pool.query('select store_id, version, name from stores order by store_id limit 1')).rows[0];
    const rename = async (name: string, version: number) => {
      const res = await shared.admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: version, Name: name },
      });
      assert.deepEqual(res.json().Succeed, [store.store_id]);
    };
    await rename(`${store.name} (renamed)`, store.version);
    assert.equal((await clerk.next('changed', (f) => f.resource === 'stores')).by, ids.admin);
    assert.deepEqual(
      (await framesUntilNow(shared.t.app, trainee, ids.trainee!)).filter((f) => f.type === 'changed'),
      [],
    );
    await rename(store.name, store.version + 1);
    await Promise.all([clerk.close(), trainee.close()]);
  });
});
