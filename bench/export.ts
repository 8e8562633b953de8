// Benchmark of the CSV export: every sales row through GET /api/sales/export on a real HTTP listener, read
// by curl in its own process. Prints rows per second (target >= 300k) and the app process's peak RSS
// (target <= 150 MB). 1M rows on PostgreSQL (DATABASE_URL set), 100k on the embedded database.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/export.ts
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { openBenchApp, printFigure } from './lib/table-bench.ts';

const bench = await openBenchApp();
console.log(`export bench: ${bench.kind}, ${bench.rows} sales rows`);
await bench.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = bench.app.server.address() as AddressInfo;

let peakRss = process.memoryUsage.rss();
const rssAtStart = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);

// The client is curl in its own process, so the app process's memory is the app's alone. Store names are
// ASCII, so each 0A byte of the UTF-16 text is a line end.
const started = performance.now();
const counted = await new Promise<string>((resolve, reject) => {
  const url = `http://127.0.0.1:${port}/api/sales/export?format=csv`;
  execFile('sh', ['-c', `curl -s --fail -H "Cookie: $COOKIE" "$URL" | wc -l -c`], { env: { ...process.env, COOKIE: bench.admin.cookie, URL: url } }, (err, stdout) =>
    err ? reject(err) : resolve(stdout),
  );
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const [lines = 0, bytes = 0] = counted.trim().split(/\s+/).map(Number);
const rows = lines - 1;
const rowsPerSecond = rows / seconds;
const mb = (n: number) => n / 1024 / 1024;
printFigure('rows exported', `${rows} in ${seconds.toFixed(2)} s (${mb(bytes).toFixed(0)} MB)`, '', null);
printFigure('export rate', `${Math.round(rowsPerSecond / 1000)}k rows/s`, '>= 300k rows/s', rowsPerSecond >= 300_000);
printFigure('app process RSS before the export', `${mb(rssAtStart).toFixed(0)} MB`, '', null);
printFigure('app process peak RSS during export', `${mb(peakRss).toFixed(0)} MB`, '<= 150 MB', mb(peakRss) <= 150);
if (rows !== bench.rows) throw new Error(`exported ${rows} rows of ${bench.rows}`);
await bench.close();
