// Which list queries run as named (prepared) statements (server/db/named-statements.ts): a text asked
// again and again, on a pool whose connections are sessions of their own, under one name everywhere; never
// on another pool; and never more names than the bound, whatever texts come.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import pg from 'pg';
import { preparesStatements, statement } from '../../server/db/named-statements.ts';

// Pools are never connected here: a pool opens its first connection at its first query.
const server = new pg.Pool();
const embedded = new pg.Pool();
preparesStatements(server);

test('a text is named from its third request on, the same name each time, one name per text', () => {
  const text = 'select $1::int as n';
  assert.equal(statement(server, text, [1]).name, undefined);
  assert.equal(statement(server, text, [2]).name, undefined);
  const named = statement(server, text, [3]);
  assert.match(named.name ?? '', /^q[\w-]{24}$/);
  assert.deepEqual(named.values, [3]);
  assert.equal(statement(server, text, [4]).name, named.name);
  const other = 'select $1::int as m';
  for (let i = 0; i < 2; i++) statement(server, other, [i]);
  assert.notEqual(statement(server, other, [0]).name, named.name);
});

test("a pool whose connections share one session (the embedded database's) never names one", () => {
  const text = 'select $1::int as shared';
  for (let i = 0; i < 10; i++) assert.equal(statement(embedded, text, [i]).name, undefined);
});

test('at most 200 texts are named: the others run unnamed', () => {
  const namedTexts = Array.from({ length: 300 }, (_, i) => `select ${i} as bound`).filter((text) => {
    statement(server, text, []);
    statement(server, text, []);
    return statement(server, text, []).name !== undefined;
  });
  assert.ok(namedTexts.length <= 200 && namedTexts.length >= 190, `${namedTexts.length} named`);
  assert.equal(statement(server, 'select 299 as bound', []).name, undefined);
});
