// One user's burst of table PDFs must not stall the instance for everyone (issue 25, M2): the manager asks
// for 40 PDFs of the sales table searched for "Seattle" at once, over a real socket, while another user
// polls GET /api/common/current-user. Prints that user's p95 (target <= 500 ms), the longest event-loop
// block while the burst ran (perf_hooks monitorEventLoopDelay; target <= 50 ms), and how the 40 were
// answered (printed, refused as too many at once per user, or another answer); the block also as processor
// time (bench/lib/loop-blocks.ts), as the clock counts waits for a busy machine's cores. The Seattle stores are given
// daily sales over about three years first, as in the demo data (~4,000 rows to print per PDF), where the
// tests' database has a few weeks.
import { availableParallelism, loadavg } from 'node:os';
import { createTestApp, signIn } from '../test/support/app.ts';
import { chromiumPath } from '../test/support/browser.ts';
import { percentile, report } from './report.ts';
import { watchLoopBlocks } from './lib/loop-blocks.ts';

if (!chromiumPath()) {
  console.log('pdf-burst: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const BURST = 40;
const t = await createTestApp();
try {
  await growSeattleSales(4000);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const manager = await signIn(t.app, 'manager');
  const other = await signIn(t.app, 'analyst');
  const query = new URLSearchParams({ filename: 'sales', stream: 'true', format: 'pdf', 'search[value]': 'Seattle' });
  const pdf = () => fetch(`${base}/api/common/report?${query}`, { headers: { cookie: manager.cookie } });
  const currentUser = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/common/current-user`, { headers: { cookie: other.cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`current-user answered ${res.status}`);
    return performance.now() - started;
  };

  // Warm: Chromium launched, the query planned, one PDF's size known.
  const first = await pdf();
  const bytes = (await first.arrayBuffer()).byteLength;
  console.log(`sales searched for "Seattle": one PDF answered ${first.status}, ${(bytes / 1024).toFixed(0)} KB (${t.db.kind} database)`);
  for (let i = 0; i < 5; i++) await currentUser();

  // The same polling without the burst, for as long: what the machine's load alone costs the clock.
  const quiet = watchLoopBlocks();
  const quietUntil = performance.now() + 5000;
  while (performance.now() < quietUntil) await currentUser();
  const quietBlocks = quiet.stop();

  const loop = watchLoopBlocks();
  let running = true;
  const statuses = new Map<number, number>();
  const burst = Promise.all(
    Array.from({ length: BURST }, async () => {
      const res = await pdf();
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  ).finally(() => (running = false));
  const polled: number[] = [];
  while (running) polled.push(await currentUser());
  await burst;
  const blocks = loop.stop();

  console.log(`the ${BURST} PDFs answered: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
  report({
    name: `another user's current-user p95 (${polled.length} requests)`,
    value: percentile(polled, 95),
    unit: 'ms',
    target: { op: '<=', value: 500 },
  });
  report({ name: "another user's current-user, worst", value: Math.max(...polled), unit: 'ms' });
  report({ name: 'longest event-loop block (clock)', value: blocks.clockMs, unit: 'ms', target: { op: '<=', value: 50 } });
  report({ name: 'longest event-loop block (processor time used)', value: blocks.cpuMs, unit: 'ms', target: { op: '<=', value: 50 } });
  report({ name: 'longest event-loop block without the burst (clock)', value: quietBlocks.clockMs, unit: 'ms' });
  // The clock counts waits for a core too: the machine's load beside it.
  console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
} finally {
  await t.close();
}

/** Daily sales for the Seattle stores, back from their latest day, until they hold about `rows` rows. */
async function growSeattleSales(rows: number): Promise<void> {
  const { rows: stores } = await t.db.pool.query<{ id: number }>(`select store_id as id from stores where city = 'Seattle'`);
  const days = Math.ceil(rows / Math.max(1, stores.length));
  await t.db.pool.query(
    `insert into sales (store_id, sale_date, sales, transactions, margin)
     select s.id, (select max(sale_date) from sales) - d, round((2000 + random() * 8000)::numeric, 2), (50 + random() * 300)::int,
            round((0.1 + random() * 0.3)::numeric, 4)
     from unnest($1::int[]) s(id) cross join generate_series(0, $2 - 1) d
     on conflict (store_id, sale_date) do nothing`,
    [stores.map((s) => s.id), days],
  );
  const { rows: counted } = await t.db.pool.query<{ n: number }>(`select count(*)::int as n from sales where store_id = any($1::int[])`, [
    stores.map((s) => s.id),
  ]);
  console.log(`${stores.length} Seattle stores, ${counted[0]!.n} daily sales rows`);
}
