// `npm start` to the sign-in page, on the embedded database: the first start on a new data directory (copies
// the build's database image, or without one creates and migrates the database, and seeds what the first
// screens need; the demo sales history then loads behind the app) and a
// restart on the data directory a first start left complete; and, while the first start's history loads, how
// long pages take (the load shares the embedded database's one connection with them, and yields to them).
// Medians of several runs: the machine is shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Started } from './server-process.ts';
import { percentile, report } from './report.ts';
import { ADMIN_PASSWORD } from './lib/table-bench.ts';
import { signIn } from './lib/staff-mix.ts';

const RUNS = 3;

/** A port nobody listens on now: other benchmarks may be running on this machine. */
async function freePort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

const port = await freePort();
const env = (dataDir: string) => ({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'info', PORT: port });
const base = `http://127.0.0.1:${port}`;
/** What a person opens meanwhile: full pages and swaps of the content area, and a table's rows. */
const pages = ['/', '/stores', '/sales', '/reports', '/api/sales?draw=1&start=0&length=25'];
const seconds = (ms: number) => ms / 1000;
const median = (samples: number[]) => percentile(samples, 50);

const loaded = (server: Started) => server.output().includes('"msg":"sales history loaded"');

/**
 * Until the server's log says the sales history is complete, a person opens a page a second (in turn, as a
 * swap every other time): each page's milliseconds, and the time from the start to the history loaded.
 */
async function browseWhileLoading(server: Started, startedAt: number): Promise<{ historyMs: number; pageMs: number[] }> {
  const cookie = await signIn(base, 'admin');
  const pageMs: number[] = [];
  for (let i = 0; !loaded(server); i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const path = pages[i % pages.length]!;
    const swap = i % 2 === 1 && !path.startsWith('/api/');
    const began = performance.now();
    const res = await fetch(base + path, { headers: { cookie, ...(swap && { 'hx-request': 'true', 'hx-target': 'main#main' }) } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.status} on ${path}`);
    if (!loaded(server)) pageMs.push(performance.now() - began);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { historyMs: performance.now() - startedAt, pageMs };
}

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backroom-bench-start-'));
  dirs.push(dir);
  return dir;
};

try {
  console.log('startup (embedded database)');
  const firsts: number[] = [];
  let fromImage = 0;
  let complete = '';
  let wholeHistory = Number.NaN;
  let pageMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = newDir();
    const startedAt = performance.now();
    const server = await startServer(env(dir));
    firsts.push(seconds(server.msToFirst200));
    if (server.output().includes('"databaseCreated":"image"')) fromImage++;
    // One first start is left to finish the history, for the restarts to start on.
    if (i === 0) {
      const browsed = await browseWhileLoading(server, startedAt);
      wholeHistory = seconds(browsed.historyMs);
      pageMs = browsed.pageMs;
      complete = dir;
    }
    await server.stop();
  }
  const restarts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startServer(env(complete));
    restarts.push(seconds(server.msToFirst200));
    await server.stop();
  }
  const runs = (samples: number[]) => samples.map((s) => s.toFixed(2)).join(', ');
  console.log(`  runs (s): first start ${runs(firsts)} (${fromImage} of ${RUNS} from the database image); restart ${runs(restarts)}`);
  report({
    name: `first start to the sign-in page (median of ${RUNS})`,
    value: median(firsts),
    unit: 's',
    target: { op: '<=', value: 5 },
  });
  report({ name: 'first start to the whole sales history loaded (~530k rows)', value: wholeHistory, unit: 's' });
  report({ name: `a page while the history loads, p50 (${pageMs.length} pages)`, value: percentile(pageMs, 50), unit: 'ms' });
  report({ name: 'a page while the history loads, p95', value: percentile(pageMs, 95), unit: 'ms', target: { op: '<=', value: 500 } });
  report({ name: 'a page while the history loads, slowest', value: Math.max(...pageMs), unit: 'ms' });
  report({ name: `restart to the sign-in page (median of ${RUNS})`, value: median(restarts), unit: 's', target: { op: '<=', value: 5 } });
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
