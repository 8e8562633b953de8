// GET /metrics through HTTP: Prometheus' text format with the requests by route pattern (never the raw URL),
// status and latency, the database pools, hub sockets, PDFs, exports, imports and sign-in failures; and who
// may read it: with neither METRICS_TOKEN nor METRICS_ALLOW only this machine, unforwarded; with a token, the
// right bearer token; with addresses, those clients (as TRUST_PROXY resolves them).
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { cookieHeader, createTestApp, useTestApp, type TestApp } from '../support/app.ts';
import { connectHub } from '../support/hub-client.ts';
import { countRunning } from '../../server/metrics/metrics.ts';

const shared = useTestApp('admin');

/**
 * The value of one sample line (`name{labels} value`) with each of the labels given (`a="x",b="y"`, in any
 * order among the line's), or undefined when the text has none.
 */
function sample(text: string, name: string, labels = ''): number | undefined {
  const wanted = labels ? labels.split(/,(?=\w+=")/) : [];
  const line = text
    .split('\n')
    .find(
      (l) => l.startsWith(labels ? `${name}{` : `${name} `) && wanted.every((label) => l.slice(0, l.lastIndexOf('}') + 1).includes(label)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function scrape(t: TestApp = shared.t): Promise<string> {
  const res = await t.app.inject({ url: '/metrics' });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(res.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe('/metrics content', () => {
  test('requests are counted by route pattern, method and status, with a latency histogram', async () => {
    const res = await shared.admin.inject({ url: '/admin/user-errors/987654?secret-looking=abc' });
    assert.equal(res.statusCode, 404);
    await shared.admin.inject({ url: '/api/stores?draw=1&start=0&length=5' });
    await shared.t.app.inject({ url: '/no/such/page/12345' });
    const text = await scrape();
    assert.ok(
      (sample(text, 'backroom_http_request_duration_seconds_count', 'route="/admin/user-errors/:key",status="404"') ?? 0) >= 1,
      'the record page by its pattern',
    );
    assert.ok((sample(text, 'backroom_http_request_duration_seconds_count', 'route="/api/stores",status="200"') ?? 0) >= 1);
    assert.ok(
      (sample(text, 'backroom_http_request_duration_seconds_bucket', 'route="/api/stores",status="200",le="+Inf"') ?? 0) >= 1,
      'a histogram',
    );
    assert.ok((sample(text, 'backroom_http_request_duration_seconds_count', 'route="none",status="404"') ?? 0) >= 1, 'no route: "none"');
    for (const raw of ['987654', 'secret-looking', 'draw=1', '/no/such/page']) assert.ok(!text.includes(raw), `no raw URL (${raw})`);
  });

  test('sign-in failures are counted by reason', async () => {
    const before = await scrape();
    assert.notEqual(sample(before, 'backroom_sign_in_failures_total', 'reason="throttled"'), undefined, 'each reason from 0');
    const form = await shared.t.app.inject({ url: '/login' });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const refused = await shared.t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'nobody-here', password: 'wrong', _csrf: token }).toString(),
    });
    assert.equal(refused.statusCode, 401);
    const refusedBefore = sample(before, 'backroom_sign_in_failures_total', 'reason="refused"');
    assert.equal(sample(await scrape(), 'backroom_sign_in_failures_total', 'reason="refused"'), (refusedBefore ?? Number.NaN) + 1);
  });

  test('the database pool, hub sockets, PDFs, exports, imports and readiness are there', async () => {
    const text = await scrape();
    assert.notEqual(sample(text, 'backroom_db_pool_connections', 'database="primary",pool="requests",state="in_use"'), undefined);
    assert.notEqual(sample(text, 'backroom_db_pool_connections', 'database="primary",pool="requests",state="idle"'), undefined);
    assert.equal(sample(text, 'backroom_db_pool_waiting', 'database="primary",pool="requests"'), 0);
    assert.equal(sample(text, 'backroom_pdf_printing'), 0);
    assert.equal(sample(text, 'backroom_pdf_queued'), 0);
    assert.equal(sample(text, 'backroom_exports_running'), 0);
    assert.equal(sample(text, 'backroom_imports_running'), 0);
    assert.equal(sample(text, 'backroom_ready'), 1);
    assert.notEqual(sample(text, 'process_resident_memory_bytes'), undefined, "the process's own figures");
    // Without DATABASE_READ_URL there is no replica to speak of.
    assert.equal(sample(text, 'backroom_replica_used'), undefined);
  });

  test('hub sockets and running imports are counted while they last', async () => {
    await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shared.t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const hub = await connectHub(base, shared.admin.cookie);
    await hub.next('hello');
    let release: () => void = () => undefined;
    const importing = countRunning(shared.t.app.metrics.importsRunning, () => new Promise<void>((resolve) => (release = resolve)));
    const text = await scrape();
    assert.equal(sample(text, 'backroom_hub_sockets'), 1);
    assert.equal(sample(text, 'backroom_imports_running'), 1);
    release();
    await importing;
    await hub.close();
    assert.equal(sample(await scrape(), 'backroom_imports_running'), 0);
  });
});

describe('/metrics access', () => {
  test('with nothing configured: this machine only, and not through a proxy', async () => {
    const app = shared.t.app;
    assert.equal((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode, 200);
    assert.equal((await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode, 404);
    const forwarded = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    assert.equal(forwarded.statusCode, 404);
    assert.ok(!forwarded.body.includes('backroom_'), 'nothing of the metrics');
  });

  describe('with a token and addresses', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ metrics: { token: 'scrape-token-1234', allow: ['10.1.0.0/16', '192.0.2.9'] } });
    });
    after(() => t?.close());

    test('the right bearer token from an allowed address reads them', async () => {
      const res = await t.app.inject({
        url: '/metrics',
        remoteAddress: '10.1.2.3',
        headers: { authorization: 'Bearer scrape-token-1234' },
      });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /backroom_http_request_duration_seconds/);
    });

    test('no token or a wrong one is 401, an address not allowed 403, loopback included', async () => {
      const none = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.9' });
      assert.equal(none.statusCode, 401);
      assert.match(none.headers['www-authenticate'] as string, /^Bearer/);
      const wrong = await t.app.inject({
        url: '/metrics',
        remoteAddress: '192.0.2.9',
        headers: { authorization: 'Bearer scrape-token-123' },
      });
      assert.equal(wrong.statusCode, 401);
      const elsewhere = await t.app.inject({
        url: '/metrics',
        remoteAddress: '10.2.0.1',
        headers: { authorization: 'Bearer scrape-token-1234' },
      });
      assert.equal(elsewhere.statusCode, 403);
      const local = await t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { authorization: 'Bearer scrape-token-1234' },
      });
      assert.equal(local.statusCode, 403);
      for (const res of [none, wrong, elsewhere, local]) assert.ok(!res.body.includes('backroom_http'), 'nothing of the metrics');
    });
  });

  test('a token alone: from anywhere with it', async () => {
    const t = await createTestApp({ metrics: { token: 'only-a-token', allow: [] } });
    try {
      assert.equal(
        (await t.app.inject({ url: '/metrics', remoteAddress: '198.51.100.4', headers: { authorization: 'bearer only-a-token' } }))
          .statusCode,
        200,
      );
      assert.equal((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode, 401);
    } finally {
      await t.close();
    }
  });
});
