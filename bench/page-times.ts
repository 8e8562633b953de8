// The server's own time for a page swap (an htmx request for the content area), as Fastify times it from
// routing to the answer written, on the bench database (1M daily sales on PostgreSQL; lib/table-bench.ts),
// for every page of the administrator's menu. Cold: the first swap after every kept figure, menu and drawn
// island was forgotten (a change to every table); warm: p50 and p95 of the swaps after it. Targets (the
// chain-scale issue): warm table screens <= 5 ms, warm dashboard <= 10 ms; dashboard, summaries and charts
// <= 100 ms warm and <= 500 ms cold. Warm swaps of one page in a row reuse its drawn island (markup kept by
// props: server/islands/render-island.ts), as a busy server does; the same with each island drawn anew is
// printed beside them, what a page nobody else opened that second costs. Run with React's production build, as the server runs:
//   NODE_ENV=production DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/page-times.ts
import { useLanguage } from '../common/messages.ts';
import { forgetKeptFigures } from '../server/table-api/cache/changed-tables.ts';
import { openBenchApp } from './lib/table-bench.ts';
import { percentile, report } from './report.ts';

if (process.env.NODE_ENV !== 'production') throw new Error("set NODE_ENV=production: React's development build is several times slower");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const tableScreens = ['/stores', '/sales', '/states', '/cycles', '/admin/users', '/admin/audit'];
const figurePages = ['/', '/summaries', '/charts'];

const bench = await openBenchApp();
console.log(`  ${bench.kind}, ${bench.rows} daily sales`);
const swap = async (url: string): Promise<number> => {
  const res = await bench.admin.inject({ url, headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return bench.served.ms;
};

try {
  for (const url of [...figurePages, ...tableScreens]) {
    // Cold: as after a change to every table, on this instance; and no island drawn yet (a language taken
    // anew forgets every drawn island: server/islands/render-island.ts).
    forgetKeptFigures(bench.app.resources, bench.db.pool, [...new Set(bench.app.resources.flatMap((def) => [...def.tables]))]);
    useLanguage({});
    const cold = await swap(url);
    const warm: number[] = [];
    for (let i = 0; i < ROUNDS; i++) warm.push(await swap(url));
    const figures = figurePages.includes(url);
    const warmTarget = url === '/' ? 10 : figures ? 100 : 5;
    report({ name: `${url} cold`, value: cold, unit: 'ms', ...(figures ? { target: { op: '<=', value: 500 } } : {}) });
    report({ name: `${url} warm p50`, value: percentile(warm, 50), unit: 'ms', target: { op: '<=', value: warmTarget } });
    report({ name: `${url} warm p95`, value: percentile(warm, 95), unit: 'ms' });
    // Warm figures, but the island drawn anew each time: a page nobody else opened within the second.
    const drawn: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      useLanguage({});
      drawn.push(await swap(url));
    }
    report({ name: `${url} warm, island drawn anew, p50`, value: percentile(drawn, 50), unit: 'ms' });
  }
} finally {
  await bench.close();
}
