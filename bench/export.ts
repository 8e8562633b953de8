// Benchmark of the CSV export: every sales row through GET /api/sales/export, served by the server process
// as `npm start` runs it (dist/server/main.mjs) and read by curl in its own process. Prints rows per second
// (target >= 300k) and the server process's peak RSS while exporting (target <= 150 MB), sampled from
// /proc. 1M rows on PostgreSQL (DATABASE_URL set), 100k on the embedded database.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/export.ts
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openBenchApp, printFigure } from './lib/table-bench.ts';
import { startServer } from './server-process.ts';

// The bench database and a signed-in admin (sessions live in the database, so the cookie works for the
// server process too); the in-process app is closed first, as the embedded database has one owner.
const bench = await openBenchApp();
const { kind, rows: expected, env, admin } = bench;
await bench.close();
console.log(`export bench: ${kind}, ${expected} sales rows`);
const port = '3199';
const server = await startServer({ ...env, PORT: port, HOST: '127.0.0.1' });
const pid = server.child.pid!;
const rssOf = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

let peakRss = rssOf();
const rssAtStart = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 20);

// Store names are ASCII, so each 0A byte of the UTF-16 text is a line end.
const started = performance.now();
const counted = await new Promise<string>((resolve, reject) => {
  const url = `http://127.0.0.1:${port}/api/sales/export?format=csv`;
  execFile('sh', ['-c', `curl -s --fail -H "Cookie: $COOKIE" "$URL" | wc -l -c`], { env: { ...process.env, COOKIE: admin.cookie, URL: url } }, (err, stdout) =>
    err ? reject(err) : resolve(stdout),
  );
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, rssOf());
await server.stop();

const [lines = 0, bytes = 0] = counted.trim().split(/\s+/).map(Number);
const rows = lines - 1;
const rowsPerSecond = rows / seconds;
const mb = (n: number) => n / 1024 / 1024;
printFigure('rows exported', `${rows} in ${seconds.toFixed(2)} s (${mb(bytes).toFixed(0)} MB)`, '', null);
// The target is set for PostgreSQL; the embedded database's figure is informative.
const target = kind === 'postgres' ? '>= 300k rows/s' : '(informative)';
printFigure('export rate', `${Math.round(rowsPerSecond / 1000)}k rows/s`, target, kind === 'postgres' ? rowsPerSecond >= 300_000 : null);
printFigure('server process RSS before the export', `${mb(rssAtStart).toFixed(0)} MB`, '', null);
printFigure('server process peak RSS during export', `${mb(peakRss).toFixed(0)} MB`, '<= 150 MB', mb(peakRss) <= 150);
if (rows !== expected) throw new Error(`exported ${rows} rows of ${expected}`);
