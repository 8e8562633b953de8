// Benchmark of the app's survival when the database connection behind a running export ends: the server
// process (dist/server/main.mjs, as `npm start` runs it) serves CSV and Excel exports of the sales table to
// a client reading at about 2 MB/s (curl --limit-rate), and 20 times the backend running one is ended with
// pg_terminate_backend a random moment into its download. Prints how many times the process exited (target:
// 0; a process that exited is started again for the next round, so each exit is counted), how many downloads
// were cut off, and the longest wait after a termination until /healthz answered 200. PostgreSQL only: the
// embedded database has no backend to end (its process killed is test/server/faults.test.ts's).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/export-faults.ts
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openBenchApp } from './lib/table-bench.ts';
import { report } from './report.ts';
import { startServer, type Started } from './server-process.ts';

const ROUNDS = 20;
/** The statements of an export, as pg_stat_activity shows them: the CSV's COPY, the Excel cursor's fetches. */
const EXPORT_STATEMENT = '^(copy \\(|fetch forward|declare export_rows)';

if (!process.env.DATABASE_URL) {
  console.log('export faults bench: PostgreSQL only (set DATABASE_URL); skipped');
  process.exit(0);
}

// Enough rows that a download at 2 MB/s lasts some seconds (about 25 MB as CSV).
const bench = await openBenchApp({ postgres: 200_000, embedded: 0 });
const { env, admin, rows } = bench;
await bench.close();
console.log(`export faults bench: postgres, ${rows} sales rows, ${ROUNDS} terminations`);

const port = '3198';
const base = `http://127.0.0.1:${port}`;
const operator = new pg.Client({ connectionString: env.DATABASE_URL });
operator.on('error', () => undefined);
await operator.connect();

let server: Started = await startServer({ ...env, PORT: port, HOST: '127.0.0.1' });
let exits = 0;
let cutOff = 0;
let longestRecoveryMs = 0;

/** The export's backend, once its statement runs (null if the download ended first). */
async function exportBackend(download: { done: boolean }): Promise<number | null> {
  while (!download.done) {
    const { rows: found } = await operator.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query ~ $1 and pid <> pg_backend_pid()`,
      [EXPORT_STATEMENT],
    );
    if (found[0]) return found[0].pid;
    await sleep(20);
  }
  return null;
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Whether the backend still runs an export's statement. */
async function stillExporting(pid: number): Promise<boolean> {
  const { rowCount } = await operator.query('select 1 from pg_stat_activity where pid = $1 and query ~ $2', [pid, EXPORT_STATEMENT]);
  return rowCount === 1;
}

let terminations = 0;
for (let round = 0; terminations < ROUNDS; round++) {
  const format = round % 2 ? 'xlsx' : 'csv';
  // curl reads at 2 MB/s; a download cut off fails (curl exits 18 or 56).
  const curl = spawn('curl', [
    '-s',
    '-o',
    '/dev/null',
    '--limit-rate',
    '2M',
    '-H',
    `Cookie: ${admin.cookie}`,
    `${base}/api/sales/export?format=${format}`,
  ]);
  const download = { done: false, code: 0 as number | null };
  const ended = new Promise<void>((resolve) =>
    curl.once('exit', (code) => {
      download.done = true;
      download.code = code;
      resolve();
    }),
  );
  const pid = await exportBackend(download);
  // A random moment into the download: its first bytes, or megabytes on.
  await sleep(200 + Math.random() * 2500);
  const terminate = pid !== null && (await stillExporting(pid));
  if (terminate) {
    await operator.query('select pg_terminate_backend($1, 10000)', [pid]);
    terminations++;
  } else {
    // It ended before the moment came: not a round.
    curl.kill();
  }
  await ended;
  if (!terminate) continue;
  if (download.code !== 0) cutOff++;
  const since = performance.now();
  while (!(await healthy()) && server.child.exitCode === null && performance.now() - since < 10_000) await sleep(20);
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    exits++;
    console.log(
      `  termination ${terminations} (${format}): the server process exited:\n${server.output().split('\n').slice(-6).join('\n')}`,
    );
    server = await startServer({ ...env, PORT: port, HOST: '127.0.0.1' });
    continue;
  }
  longestRecoveryMs = Math.max(longestRecoveryMs, performance.now() - since);
}

await server.stop();
await operator.end();
report({
  name: `process exits in ${ROUNDS} backend terminations during exports`,
  value: exits,
  unit: 'exits',
  target: { op: '<=', value: 0 },
});
report({ name: `downloads cut off by their termination (of ${ROUNDS})`, value: cutOff, unit: 'downloads' });
report({ name: 'longest wait for /healthz 200 after a termination', value: longestRecoveryMs, unit: 'ms' });
