// Messages to a group, with real sockets: each active member but the sender gets a copy of their own (its
// own IsRead), live, and nobody else does; whom a sender may address follows the recipients rule
// (administrators and head office anyone; others their own group's users and their group).
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { forgetSessionUsers } from '../../../server/users/session-users.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { connectHub, framesUntilNow, userIdOf } from '../../support/hub-client.ts';

describe('messages to a group', () => {
  const shared = useTestApp('itdesk', 'admin', 'manager', 'clerk', 'analyst');
  let base = '';
  const ids: Record<string, number> = {};
  const groups: Record<string, number> = {};
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const name of ['itdesk', 'admin', 'manager', 'clerk', 'analyst'] as const) ids[name] = await userIdOf(shared[name]);
    for (const row of (await shared.t.db.pool.query('select group_id, code from groups')).rows) groups[row.code] = row.group_id;
    // The analyst (Northeast) becomes a sender: a regional one.
    await shared.t.db.pool.query(`insert into user_roles (user_id, role_id) select $1, role_id from roles where code = 'messages'`, [
      ids.analyst,
    ]);
    // Made outside the app, which the analyst's kept session user does not hear of (server/users/session-users.ts).
    forgetSessionUsers(shared.t.db.pool);
  });

  function send(from: SignedIn, to: { UserID?: number; GroupID?: number }, title: string) {
    return from.inject({ method: 'POST', url: '/api/messages', payload: { ...to, Title: title, Body: 'To all of you.' } });
  }

  test("a message to a group reaches each member's sockets as a copy of their own, and not a non-member's", async () => {
    const admin = await connectHub(base, shared.admin.cookie);
    const manager = await connectHub(base, shared.manager.cookie);
    const clerk = await connectHub(base, shared.clerk.cookie);
    const sent = await send(shared.itdesk, { GroupID: groups.HQ! }, 'Head office meeting at 3');
    assert.equal(sent.statusCode, 200, sent.body);
    const keys = sent.json().Succeed as number[];
    assert.equal(keys.length, 2, 'one copy for each member but the sender');

    const copies = (
      await shared.t.db.pool.query(
        'select inbox_id, user_id, group_id, is_read from inbox where inbox_id = any($1::int8[]) order by user_id',
        [keys],
      )
    ).rows;
    assert.deepEqual(
      copies.map((c) => c.user_id),
      [ids.admin, ids.manager].sort((a, b) => a! - b!),
    );
    assert.ok(copies.every((c) => c.group_id === groups.HQ && c.is_read === false));

    for (const [hub, name] of [
      [admin, 'admin'],
      [manager, 'manager'],
    ] as const) {
      const frame = await hub.next('inbox', (f) => f.item.Title === 'Head office meeting at 3');
      assert.equal(frame.item.ID, copies.find((c) => c.user_id === ids[name])!.inbox_id);
      assert.equal(frame.item.SenderName, 'Riley Patel');
    }
    assert.deepEqual(
      (await framesUntilNow(shared.t.app, clerk, ids.clerk!)).filter((f) => f.type === 'inbox'),
      [],
    );

    // Each copy is read on its own.
    const adminCopy = copies.find((c) => c.user_id === ids.admin)!.inbox_id as number;
    const read = await shared.admin.inject({ method: 'POST', url: '/api/common/inbox/read', payload: { ids: [adminCopy], read: true } });
    assert.equal(read.json().changed, 1);
    const after = (await shared.t.db.pool.query('select user_id, is_read from inbox where inbox_id = any($1::int8[])', [keys])).rows;
    assert.equal(after.find((c) => c.user_id === ids.manager)!.is_read, false);
    const managerList = await shared.manager.inject({ url: '/api/messages?draw=1&start=0&length=5' });
    const row = (managerList.json().data as Array<Record<string, unknown>>).find((r) => r.Title === 'Head office meeting at 3');
    assert.equal(row?.GroupName, 'Headquarters');
    await Promise.all([admin, manager, clerk].map((h) => h.close()));
  });

  test('a regional sender is offered only the active users of their own group and that group, and nothing else is accepted', async () => {
    const users = (await shared.analyst.inject({ url: '/api/messages/options?field=UserID' })).json().options as Array<{ value: number }>;
    const ownGroup = (
      await shared.t.db.pool.query('select user_id from users where group_id = $1 and is_active order by user_id', [groups.NE])
    ).rows.map((r) => r.user_id as number);
    assert.deepEqual(
      users.map((o) => o.value).sort((a, b) => a - b),
      ownGroup,
    );
    const offeredGroups = (await shared.analyst.inject({ url: '/api/messages/options?field=GroupID' })).json().options as Array<{
      value: number;
      label: string;
    }>;
    assert.deepEqual(offeredGroups, [{ value: groups.NE, label: 'Northeast' }]);

    const toOtherGroup = await send(shared.analyst, { GroupID: groups.HQ! }, 'Not my group');
    assert.equal(toOtherGroup.json().Failed[0].fields.GroupID, m.tableNotInList);
    const toOtherUser = await send(shared.analyst, { UserID: ids.clerk! }, 'Not my colleague');
    assert.equal(toOtherUser.json().Failed[0].fields.UserID, m.tableNotInList);
    // The analyst is the Northeast's only active member: nobody else would get it.
    const toOwnGroup = await send(shared.analyst, { GroupID: groups.NE! }, 'Anyone?');
    assert.equal(toOwnGroup.json().Failed[0].fields.GroupID, m.inboxGroupEmpty);

    const everyone = (await shared.itdesk.inject({ url: '/api/messages/options?field=GroupID' })).json().options as unknown[];
    assert.equal(everyone.length, Object.keys(groups).length, 'head office addresses every group');
  });

  test('a message names one recipient, a user or a group: neither or both is refused', async () => {
    for (const to of [{}, { UserID: ids.admin!, GroupID: groups.HQ! }]) {
      const res = await send(shared.itdesk, to, 'Whom?');
      assert.equal(res.statusCode, 422, 'the values sent are refused');
      assert.deepEqual(res.json().Succeed, []);
      assert.equal(res.json().Failed[0].fields.UserID, m.inboxRecipientWhich);
    }
  });
});
