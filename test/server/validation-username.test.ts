// GET /api/common/valid-username: the reason a user name cannot be used, as plain text, or an empty body
// when it is free; the rule messages are the ones check() gives. Only those who may create users may ask.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { signIn, useTestApp } from '../support/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { check } from '../../common/validation.ts';

const shared = useTestApp('manager');

const ask = (name: string) => shared.manager.inject({ url: `/api/common/valid-username?username=${encodeURIComponent(name)}` });

describe('the valid-username call', () => {
  test('answers an empty text body for a free name', async () => {
    const res = await ask('new.person_1');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(res.body, '');
  });

  for (const [name, message] of [
    ['', check('required', '')],
    ['ab', check('minLength', 'ab', 3)],
    ['a'.repeat(31), check('maxLength', 'a'.repeat(31), 30)],
    ['bad name!', check('pattern', 'bad name!', '[A-Za-z0-9._-]+')],
  ] as const) {
    test(`answers "${message}" for ${JSON.stringify(name)}`, async () => {
      assert.ok(message);
      const res = await ask(name);
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, message);
    });
  }

  test('answers that a name is taken whatever its case', async () => {
    assert.equal((await ask('admin')).body, 'this user name is already taken.');
    assert.equal((await ask('AnAlYsT')).body, 'this user name is already taken.');
  });

  test('without a username parameter answers the required message', async () => {
    const res = await shared.manager.inject({ url: '/api/common/valid-username' });
    assert.equal(res.body, 'this field is required.');
  });

  test('is for signed-in users only', async () => {
    const res = await shared.t.app.inject({ url: '/api/common/valid-username?username=someone' });
    assert.equal(res.statusCode, 401);
  });

  test('answers only those who may create users: to anyone else it would tell which names exist', async () => {
    for (const name of ['trainee', 'clerk', 'analyst', 'itdesk']) {
      const res = await (await signIn(shared.t.app, name)).inject({ url: '/api/common/valid-username?username=admin' });
      assert.equal(res.statusCode, 403, name);
      assert.deepEqual(res.json(), { error: m.forbidden });
    }
    const admin = await signIn(shared.t.app, 'admin');
    assert.equal((await admin.inject({ url: '/api/common/valid-username?username=admin' })).body, 'this user name is already taken.');
  });
});
