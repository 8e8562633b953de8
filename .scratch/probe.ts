// Where the endpoint's time goes beside the reference route's: inject start -> first query sent,
// each query's round trip, the gap between answer and next query, last answer -> inject done (median ms).
import Fastify from 'fastify';
import type pg from 'pg';
import { openBenchApp } from '../bench/lib/table-bench.ts';
const bench = await openBenchApp();
const columns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
const q = new URLSearchParams({ draw: '1', start: '0', length: '25', totals: process.env.TOTALS ?? 'false' });
columns.forEach((c, i) => q.set(`columns[${i}][data]`, c));
const url = process.env.URL ?? `/api/sales?${q}`;
const N = Number(process.env.N ?? 1500);
const pool = bench.db.pool as pg.Pool & { query: any };
const original = pool.query.bind(pool);
let marks: Array<[string, number]> = [];
pool.query = (...args: any[]) => {
  marks.push(['send', performance.now()]);
  const r = original(...args);
  return r.then((x: any) => { marks.push(['recv', performance.now()]); return x; });
};
type Stmt = any[];
let captured: Stmt[] = [];
const cap = pool.query;
pool.query = (...args: any[]) => { captured.push(args); return cap(...args); };
await bench.admin.inject({ url });
await bench.admin.inject({ url });
captured = [];
await bench.admin.inject({ url });
const stmts = captured;
pool.query = cap;
const ref = Fastify();
ref.get('/r', async () => {
  let rows: unknown[] = [];
  for (const s of stmts) rows = (await pool.query(...s)).rows;
  return { data: rows };
});
await ref.ready();
async function timed(run: () => Promise<unknown>) {
  marks = [];
  const t0 = performance.now();
  await run();
  const t1 = performance.now();
  const m = marks;
  const parts: number[] = [];
  let prev = t0;
  for (const [, t] of m) { parts.push(t - prev); prev = t; }
  parts.push(t1 - prev);
  parts.push(t1 - t0);
  return parts;
}
const runs: Record<string, number[][]> = { endpoint: [], reference: [] };
for (let i = 0; i < N; i++) {
  runs.endpoint!.push(await timed(() => bench.admin.inject({ url })));
  runs.reference!.push(await timed(() => ref.inject({ url: '/r' })));
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('statements', stmts.length, stmts.map((s) => (typeof s[0] === 'string' ? s[0] : s[0].name ?? s[0].text).slice(0, 40)));
for (const [k, rs] of Object.entries(runs)) {
  const len = Math.max(...rs.map((r) => r.length));
  const ok = rs.filter((r) => r.length === len);
  const cols = Array.from({ length: len }, (_, j) => med(ok.map((r) => r[j]!)).toFixed(3));
  console.log(k.padEnd(10), cols.join('  '), `(${ok.length}/${rs.length})`);
}
await bench.close();
