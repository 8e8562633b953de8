// Benchmark of the CSV export: every sales row through GET /api/sales/export, served by the server process
// as `npm start` runs it (dist/server/main.mjs) and read by curl in its own process. Prints rows per second
// (target >= 300k) and the server process's peak RSS while exporting (target <= 150 MB), sampled from
// /proc. 1M rows on PostgreSQL (DATABASE_URL set), 100k on the embedded database. Then the same rows as an
// Excel workbook (format=xlsx): its rate and peak RSS are informative (no target is set for it).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/export.ts
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchApp, printFigure } from './lib/table-bench.ts';
import { readConfig } from '../server/config.ts';
import { startServer } from './server-process.ts';

// The bench database and a signed-in admin (sessions live in the database, so the cookie works for the
// server process too); the in-process app is closed first, as the embedded database has one owner.
const bench = await openBenchApp();
const { kind, rows: expected, env, admin } = bench;
await bench.close();
console.log(`export bench: ${kind}, ${expected} sales rows`);
const port = '3199';
const server = await startServer({ ...env, PORT: port, HOST: '127.0.0.1' });
// A failed step must not leave the server running on the port (the next run would measure it instead).
process.on('exit', () => server.child.kill());
const rssOf = () => server.rssBytes();

let peakRss = rssOf();
const rssAtStart = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 20);

/** Runs `command` with the export's URL and the admin's cookie; its output and the seconds it took. */
async function timed(format: string, command: string): Promise<{ output: string; seconds: number }> {
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const url = `http://127.0.0.1:${port}/api/sales/export?format=${format}`;
    execFile('sh', ['-c', command], { env: { ...process.env, COOKIE: admin.cookie, URL: url } }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });
  return { output, seconds: (performance.now() - started) / 1000 };
}

const mb = (n: number) => n / 1024 / 1024;
// Store names are ASCII, so each 0A byte of the UTF-16 text is a line end.
const csv = await timed('csv', 'curl -s --fail -H "Cookie: $COOKIE" "$URL" | wc -l -c');
const [lines = 0, bytes = 0] = csv.output.trim().split(/\s+/).map(Number);
const rows = lines - 1;
const rowsPerSecond = rows / csv.seconds;
peakRss = Math.max(peakRss, rssOf());
const csvPeak = peakRss;
printFigure('rows exported', `${rows} in ${csv.seconds.toFixed(2)} s (${mb(bytes).toFixed(0)} MB)`, '', null);
// The target is set for PostgreSQL; the embedded database's figure is informative.
const target = kind === 'postgres' ? '>= 300k rows/s' : '(informative)';
printFigure('export rate', `${Math.round(rowsPerSecond / 1000)}k rows/s`, target, kind === 'postgres' ? rowsPerSecond >= 300_000 : null);
printFigure('server process RSS before the export', `${mb(rssAtStart).toFixed(0)} MB`, '', null);
printFigure('server process peak RSS during export', `${mb(csvPeak).toFixed(0)} MB`, '<= 150 MB', mb(csvPeak) <= 150);
if (rows !== expected) throw new Error(`exported ${rows} rows of ${expected}`);

// A workbook holds at most the Excel limit's rows (the server refuses more): a chain's table is exported as CSV.
const excelRows = readConfig({}).limits.exports.xlsxMaxRows;
if (expected > excelRows) {
  clearInterval(sampler);
  await server.stop();
  printFigure('Excel workbook', `not asked for: ${expected} rows is over the ${excelRows} a workbook may hold`, '', null);
} else {
  peakRss = rssOf();
  const file = join(tmpdir(), `backroom-bench-${process.pid}.xlsx`);
  const xlsx = await timed('xlsx', `curl -s --fail -H "Cookie: $COOKIE" "$URL" -o ${file} && wc -c < ${file}`);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssOf());
  await server.stop();
  printFigure('Excel workbook', `${expected} rows in ${xlsx.seconds.toFixed(2)} s (${mb(Number(xlsx.output)).toFixed(0)} MB)`, '', null);
  printFigure('Excel export rate', `${Math.round(expected / xlsx.seconds / 1000)}k rows/s`, '(informative)', null);
  printFigure('server process peak RSS during Excel export', `${mb(peakRss).toFixed(0)} MB`, '(informative)', null);
  // The sheet's rows counted where unzip is at hand (it is not needed otherwise).
  const sheetRows = await new Promise<number | null>((resolve) =>
    execFile(
      'sh',
      ['-c', `command -v unzip >/dev/null && unzip -p ${file} xl/worksheets/sheet1.xml | grep -o '<row ' | wc -l`],
      (err, stdout) => resolve(err ? null : Number(stdout)),
    ),
  );
  rmSync(file, { force: true });
  if (sheetRows !== null && sheetRows - 1 !== expected) throw new Error(`the workbook holds ${sheetRows - 1} rows of ${expected}`);
}
