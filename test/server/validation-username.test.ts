// GET /api/common/valid-username: the reason a user name cannot be used, as plain text, or an empty body
// when it is free; the rule messages are the ones check() gives.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../support/app.ts';
import { check } from '../../common/validation.ts';

const shared = useTestApp('analyst');

const ask = (name: string) => shared.analyst.inject({ url: `/api/common/valid-username?username=${encodeURIComponent(name)}` });

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
    const res = await shared.analyst.inject({ url: '/api/common/valid-username' });
    assert.equal(res.body, 'this field is required.');
  });

  test('is for signed-in users only', async () => {
    const res = await shared.t.app.inject({ url: '/api/common/valid-username?username=someone' });
    assert.equal(res.statusCode, 401);
  });
});
