// /healthz latency while the embedded database runs a 2-second query: the database lives in its own
// process, so the HTTP server keeps answering (target: no request delayed by more than 50 ms).
import { createTestApp } from '../test/support/app.ts';
import { percentile, report } from './report.ts';

const t = await createTestApp();
try {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push(await timeHealthz(address));
  let running = true;
  const slow = t.db.pool.query('select pg_sleep(2)').finally(() => (running = false));
  await new Promise((r) => setTimeout(r, 50));
  const busy: number[] = [];
  while (running) busy.push(await timeHealthz(address));
  await slow;
  console.log('healthz while a 2 s query runs (embedded database)');
  report({ name: '/healthz p50, idle', value: percentile(idle, 50), unit: 'ms' });
  report({ name: `/healthz p50 during the slow query (${busy.length} requests)`, value: percentile(busy, 50), unit: 'ms' });
  report({ name: '/healthz worst during the slow query', value: Math.max(...busy), unit: 'ms', target: { op: '<=', value: 50 } });
} finally {
  await t.close();
}

async function timeHealthz(address: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${address}/healthz`);
  await res.text();
  if (res.status !== 200) throw new Error(`healthz answered ${res.status}`);
  return performance.now() - start;
}
