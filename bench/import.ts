// Benchmark of importing a file of daily sales through the import routes, served by the server process as
// `npm start` runs it (dist/server/main.mjs): 1M rows on PostgreSQL (DATABASE_URL set), 100k on the embedded
// database (or the count given), as our own CSV export writes them (UTF-16LE, "$1,234.50", "12.34%"), every
// row a new sale. Uploads the file, previews it (target <= 60 s for 1M rows), then imports it all or nothing
// (target >= 50k rows/s on PostgreSQL; 100k rows in <= 60 s embedded), sampling the server process's memory
// (target <= 100 MB above what it held idle). The bench database is its own (backroom_import_bench), its
// stores opened in 2000 so that any day since is a sale's; each run first removes the days it imports.
// Also printed: the server's and the database's processor time over the import (where its time went).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/import.ts [rows]
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

process.env.BENCH_DATABASE ??= 'backroom_import_bench';
const { openBenchApp, printFigure } = await import('./lib/table-bench.ts');
const { databaseCpuMs, startServer } = await import('./server-process.ts');

const bench = await openBenchApp({ postgres: 0, embedded: 0 });
const { kind, env, admin } = bench;
const rows = Number(process.argv[2] ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const FIRST_DAY = Date.UTC(2000, 0, 1);
await bench.db.pool.query(`update stores set open_date = '2000-01-01' where open_date > '2000-01-01'`);
const { rows: stores } = await bench.db.pool.query<{ n: number }>('select store_number as n from stores where is_active order by store_id');
const days = Math.ceil(rows / stores.length);
const lastDay = new Date(FIRST_DAY + (days - 1) * 86_400_000).toISOString().slice(0, 10);
// Each run adds the same rows: the days it imports are emptied first (kept totals follow from the triggers),
// and the table and its kept totals compacted (VACUUM FULL rebuilds their indexes): an index left holding the
// emptied space of the runs before is larger than its rows, and an import's index upkeep grows with it (the
// sales indexes held 1.5 GB over 1M rows after a few dozen runs; the per-store value counts 180 MB after
// three, against 128 MB of shared buffers). The rows' audit entries stay: audit_log's indexes grow at their
// ends (time, key).
await bench.db.pool.query(`delete from sales where sale_date between '2000-01-01' and $1`, [lastDay]);
const kept = ['sales_store_value_counts', 'sales_value_counts', 'sales_store_month_totals', 'sales_day_totals', 'sales_store_totals'];
await bench.db.pool.query(`vacuum (full, analyze) sales, ${kept.join(', ')}`);
await bench.close();
console.log(`import bench: ${kind}, ${rows} new sales over ${stores.length} stores and ${days} days`);

const dir = mkdtempSync(join(tmpdir(), 'backroom-import-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'sales.csv');
const mb = (n: number) => n / 1024 / 1024;

/** Row `i` as our CSV export writes a sale: store number, name, state, date, sales, transactions, margin. */
function sale(i: number): string {
  const store = stores[i % stores.length]!.n;
  const day = new Date(FIRST_DAY + Math.floor(i / stores.length) * 86_400_000);
  const amount = ((i * 7919) % 2_000_000) / 100 + 100;
  const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
  const money = `"$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}"`;
  return `${store},Store ${store},NY,${date},${money},${100 + (i % 400)},${((i % 4000) / 100).toFixed(2)}%\r\n`;
}
function* csvChunks(): Generator<Buffer> {
  yield Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Store #,Store,State,Date,Sales,Transactions,Margin\r\n', 'utf16le')]);
  for (let start = 0; start < rows; start += 5000) {
    let text = '';
    for (let i = start; i < Math.min(rows, start + 5000); i++) text += sale(i);
    yield Buffer.from(text, 'utf16le');
  }
}
await pipeline(Readable.from(csvChunks()), createWriteStream(file));
console.log(`  file: ${mb(statSync(file).size).toFixed(0)} MB`);

const port = '3198';
const server = await startServer({ ...env, PORT: port, HOST: '127.0.0.1', IMPORT_MAX_ROWS: String(Math.max(rows, 1_048_575)) });
process.on('exit', () => server.child.kill());
const base = `http://127.0.0.1:${port}`;
const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrf };

// Idle: the server started, nothing asked of it yet but a page.
await fetch(`${base}/`, { headers });
const idle = server.rssBytes();
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 20);

async function json<T>(path: string, init: RequestInit = {}, status = 200): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const body = await res.text();
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}
const post = (path: string, body: unknown, status = 200) =>
  json<Record<string, unknown>>(
    path,
    { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    status,
  );

const form = new FormData();
form.append('file', await openAsBlob(file), 'sales.csv');
let started = performance.now();
const up = await json<{ Id: number; Mapping: Array<string | null> }>('/api/sales/imports', { method: 'POST', body: form }, 201);
const uploadSeconds = (performance.now() - started) / 1000;

started = performance.now();
const preview = await post(`/api/sales/imports/${up.Id}/preview`, { Mapping: up.Mapping, Mode: 'add-update' });
const previewSeconds = (performance.now() - started) / 1000;
const counts = preview.Counts as Record<string, number>;
if (counts.Add !== rows) throw new Error(`the preview counts ${JSON.stringify(counts)}: ${JSON.stringify(preview.Refused).slice(0, 500)}`);
const previewPeak = peak;

peak = server.rssBytes();
/** The bench database's backends' processor time (none embedded: that database runs in the server's child). */
const postgresCpuMs = () => (env.DATABASE_URL ? databaseCpuMs(env.DATABASE_URL) : Promise.resolve(0));
const cpuBefore = { server: server.cpuMs(), postgres: await postgresCpuMs() };
started = performance.now();
await post(`/api/sales/imports/${up.Id}/run`, { Mapping: up.Mapping, Mode: 'add-update', ValidOnly: false }, 202);
let end: { State: string; Counts: Record<string, number> | null; Error: string | null } = { State: '', Counts: null, Error: null };
for (;;) {
  // On the embedded database the import holds its one connection: a request meanwhile may be answered 503.
  const res = await fetch(`${base}/api/sales/imports/${up.Id}`, { headers });
  if (res.status === 503) continue;
  end = (await res.json()) as typeof end;
  if (end.State === 'done' || end.State === 'failed') break;
  await new Promise((r) => setTimeout(r, 100));
}
const runSeconds = (performance.now() - started) / 1000;
// Where the import's time went: the server's processor time and the database's (on this machine), over its run.
const cpu = { server: (server.cpuMs() - cpuBefore.server) / 1000, postgres: ((await postgresCpuMs()) - cpuBefore.postgres) / 1000 };
clearInterval(sampler);
const runPeak = Math.max(peak, server.rssBytes());
await server.stop();
if (end.State !== 'done' || end.Counts?.Add !== rows) throw new Error(`the import ended ${JSON.stringify(end)}`);

const full = kind === 'postgres' ? rows >= 1_000_000 : rows >= 100_000;
const scaled = full ? '' : ` (at ${rows} rows: below the target's size)`;
printFigure('upload', `${uploadSeconds.toFixed(1)} s`, '', null);
printFigure(
  `preview of ${rows} rows`,
  `${previewSeconds.toFixed(1)} s`,
  kind === 'postgres' ? '<= 60 s (1M)' : '(informative)',
  kind === 'postgres' ? previewSeconds <= 60 : null,
);
const rate = rows / runSeconds;
if (kind === 'postgres')
  printFigure(
    `import of ${rows} rows${scaled}`,
    `${(rate / 1000).toFixed(1)}k rows/s (${runSeconds.toFixed(1)} s)`,
    '>= 50k rows/s',
    rate >= 50_000,
  );
else printFigure(`import of ${rows} rows${scaled}`, `${runSeconds.toFixed(1)} s`, '<= 60 s (100k)', runSeconds <= 60);
printFigure('processor time during the import: server', `${cpu.server.toFixed(1)} s`, '(informative)', null);
if (kind === 'postgres') printFigure('processor time during the import: PostgreSQL', `${cpu.postgres.toFixed(1)} s`, '(informative)', null);
printFigure('server RSS idle', `${mb(idle).toFixed(0)} MB`, '', null);
printFigure('server RSS above idle: preview', `${mb(previewPeak - idle).toFixed(0)} MB`, '<= 100 MB', mb(previewPeak - idle) <= 100);
printFigure('server RSS above idle: import', `${mb(runPeak - idle).toFixed(0)} MB`, '<= 100 MB', mb(runPeak - idle) <= 100);
if (!full) console.log(`  ${scaled.trim()}`);
process.exit(0);
