// `npm start` to the sign-in page, on the embedded database: the first start on a new data directory (creates,
// migrates and seeds what the first screens need; the demo sales history then loads behind the app) and a
// restart on the data directory a first start left complete. Medians of several runs: the machine is shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Started } from './server-process.ts';
import { percentile, report } from './report.ts';

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
const env = (dataDir: string) => ({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'info', PORT: port });
const seconds = (ms: number) => ms / 1000;
const median = (samples: number[]) => percentile(samples, 50);

/** Waits for the server's log line saying the sales history is complete; the time since it started. */
async function historyLoaded(server: Started, startedAt: number): Promise<number> {
  while (!server.output().includes('"msg":"sales history loaded"')) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - startedAt;
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
  let complete = '';
  let wholeHistory = Number.NaN;
  for (let i = 0; i < RUNS; i++) {
    const dir = newDir();
    const startedAt = performance.now();
    const server = await startServer(env(dir));
    firsts.push(seconds(server.msToFirst200));
    // One first start is left to finish the history, for the restarts to start on.
    if (i === 0) {
      wholeHistory = seconds(await historyLoaded(server, startedAt));
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
  console.log(`  runs (s): first start ${runs(firsts)}; restart ${runs(restarts)}`);
  report({
    name: `first start to the sign-in page (median of ${RUNS})`,
    value: median(firsts),
    unit: 's',
    target: { op: '<=', value: 10 },
  });
  report({ name: 'first start to the whole sales history loaded (~530k rows)', value: wholeHistory, unit: 's' });
  report({ name: `restart to the sign-in page (median of ${RUNS})`, value: median(restarts), unit: 's', target: { op: '<=', value: 5 } });
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
