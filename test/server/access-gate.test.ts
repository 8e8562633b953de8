// One access decision per request, made by the request gate before any handler runs: a route names what it
// needs (a rule, its menu entry, its table, the report it names) and a refused request runs no handler, so
// it reads nothing and never tries to answer a second time ("Reply was already sent").
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { after, before } from '../support/node-test.ts';
import { openTestDatabase, signIn, testConfig, type TestDatabase } from '../support/app.ts';

/** Pages and calls a clerk (stores role, West) may not reach, each by a different kind of rule. */
const refused: Array<{ url: string; method?: 'GET' | 'POST'; payload?: unknown; rule: string }> = [
  { url: '/sales', rule: 'a table screen: its list rule and menu entry' },
  { url: '/admin/users', rule: 'a table screen for administrators' },
  { url: '/admin/audit', rule: 'a table screen for administrators' },
  { url: '/summaries', rule: 'a menu entry' },
  { url: '/charts', rule: 'a menu entry' },
  { url: '/admin/users/1', rule: "a detail page: its table's" },
  { url: '/admin/user-errors/1', rule: "a detail page: its table's" },
  { url: '/stores/1/sales', rule: 'sales figures and a detail page' },
  { url: '/reports?report=audit-trail', rule: 'the reports role and the named report' },
  { url: '/reports/print?report=audit-trail', rule: 'the reports role and the named report' },
  { url: '/api/common/report?filename=users&stream=true&format=pdf', rule: "a table's export rule, named in the query" },
  { url: '/sales/print', rule: "a table's print view: its export rule" },
  {
    url: '/api/common/reports',
    method: 'POST',
    payload: { name: 'audit-trail', folder: 'Administration', format: 'pdf', parameters: [] },
    rule: 'the report named in the body',
  },
  { url: '/api/summaries/totals', rule: 'sales figures' },
];

describe('the request gate', () => {
  const ran: string[] = [];
  const logged: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  before(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      logger: { level: 'info', stream: new Writable({ write: (line, _enc, done) => done(void logged.push(String(line))) }) },
      // Every handler notes that it ran.
      onRoute(route) {
        const handler = route.handler as RouteHandlerMethod;
        route.handler = function (this: FastifyInstance, req, reply) {
          ran.push(`${req.method} ${req.url}`);
          return handler.call(this, req, reply);
        };
      },
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await database?.drop();
  });

  test('refuses what a clerk may not reach with a 403 in words, and runs none of those handlers', async () => {
    const clerk = await signIn(app, 'clerk');
    ran.length = 0;
    for (const { url, method = 'GET', payload, rule } of refused) {
      const res = await clerk.inject({
        method,
        url,
        payload,
        headers: { accept: url.startsWith('/api/') ? 'application/json' : 'text/html' },
      });
      assert.equal(res.statusCode, 403, `${url} (${rule})`);
      assert.ok(res.body.includes(m.forbidden) || res.body.includes(asHtml(m.forbidden)), url);
    }
    assert.deepEqual(ran, [], 'handlers that ran for refused requests');
    assert.deepEqual(
      logged.filter((l) => /already sent/i.test(l)),
      [],
    );
  });

  test("lets through what a user may reach, each handler once; a report or page that does not exist is the handler's 404", async () => {
    const admin = await signIn(app, 'admin');
    ran.length = 0;
    for (const url of ['/sales', '/summaries', '/admin/users/1', '/reports?report=audit-trail']) {
      assert.equal((await admin.inject({ url })).statusCode, 200, url);
    }
    assert.equal((await admin.inject({ url: '/reports?report=no-such-report' })).statusCode, 404);
    assert.equal((await admin.inject({ url: '/admin/users/999999' })).statusCode, 404);
    assert.equal(ran.length, 6);
  });
});

/** The message as an HTML page writes it. */
function asHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
