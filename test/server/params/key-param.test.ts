// A record's key means the same on every route that takes one: the detail pages (`/stores/<key>` and the
// store's days under it, a user's, a client error's) and the cycle, state and group of the summaries, charts
// and drill-down read it with one schema and one reader (server/params/key-param.ts), and refuse a key that
// is not one with the same sentence, before any SQL.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../support/app.ts';
import { msg } from '../../../server/messages.ts';
import { MAX_BIG_KEY, MAX_KEY } from '../../../server/params/key-param.ts';

const shared = useTestApp('admin');

/** Each route with the name its key goes by, and its largest key when not MAX_KEY; `{}` stands for the key. */
const routes: ReadonlyArray<readonly [string, string, number?]> = [
  ['/stores/{}', 'key'],
  ['/stores/{}/sales', 'key'],
  ['/admin/users/{}', 'key'],
  // Client errors are kept under a bigserial key.
  ['/admin/user-errors/{}', 'key', MAX_BIG_KEY],
  ['/summaries?cycle={}', 'cycle'],
  ['/charts?state={}', 'state'],
  ['/summaries/stores?group={}', 'group'],
  ['/api/summaries/totals?cycle={}', 'cycle'],
  ['/api/summaries/top-stores?state={}', 'state'],
  ['/api/charts/sales-per-cycle?group={}', 'group'],
  ['/api/charts/top-stores?cycle={}', 'cycle'],
  ['/api/charts/sales-by-state?state={}', 'state'],
];

/** The sentence a page or a JSON answer holds, read back as text. */
function refusalText(res: LightMyRequestResponse): string {
  if (res.headers['content-type']?.toString().startsWith('application/json')) return res.json().error;
  return res.body.replaceAll('&quot;', '"').replaceAll('&#34;', '"');
}

describe('a key', () => {
  for (const [what, key] of [
    ['a word', 'seven'],
    ['a zero', '0'],
    ['a negative number', '-4'],
    ['a fraction', '1.5'],
    ['a leading zero', '07'],
    ['a number past the largest key', (max: number) => String(max + 1)],
  ] as const)
    test(`${what} is refused with the same sentence by every route that takes a key`, async () => {
      for (const [route, name, max = MAX_KEY] of routes) {
        const url = route.replace('{}', encodeURIComponent(typeof key === 'string' ? key : key(max)));
        const res = await shared.admin.inject({ url, headers: { 'hx-request': 'true' } });
        assert.equal(res.statusCode, 400, url);
        assert.ok(refusalText(res).includes(msg('requestBadKey', name, max)), `${url}: ${res.body.slice(0, 300)}`);
      }
    });

  test('a whole number up to the largest key names a record, or one not found, and is never refused', async () => {
    for (const [route, , max = MAX_KEY] of routes) {
      for (const key of ['1', String(max)]) {
        const url = route.replace('{}', key);
        const res = await shared.admin.inject({ url });
        assert.ok([200, 404].includes(res.statusCode), `${url}: ${res.statusCode}`);
      }
    }
    assert.equal((await shared.admin.inject({ url: '/stores/1' })).statusCode, 200);
  });

  test('an empty cycle, state or group (a form\'s "All") is none, not a bad key', async () => {
    const res = await shared.admin.inject({ url: '/api/summaries/totals?cycle=&state=&group=' });
    assert.equal(res.statusCode, 200);
  });
});
