// Starts the server bundle (dist/server/main.mjs) as `npm start` would, in its own process, and times it to its first 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { root, serverBundle } from '../server/paths.ts';

export interface Started {
  child: ChildProcess;
  msToFirst200: number;
  output: () => string;
  /** The processor time the server process has used so far (user + system, 10 ms ticks), in ms. */
  cpuMs(): number;
  /** The server process's resident memory now, in bytes. */
  rssBytes(): number;
  stop(): Promise<void>;
}

/** Extra node flags for the server process, as in `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` (a profile). */
const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A process's processor time so far (user + system, 10 ms ticks), in ms; 0 for one gone. */
export function processCpuMs(pid: number | string): number {
  try {
    // /proc/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks; the command name before them may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The processor time so far of the PostgreSQL backends connected to `databaseUrl`'s database, in ms: the
 * database's share of a load when it runs on this machine, apart from other databases' backends (another
 * bench's, another engineer's tests). A backend that has exited no longer counts, so read it over a span in
 * which the app's pool keeps its connections.
 */
export async function databaseCpuMs(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, { pid }) => sum + processCpuMs(pid), 0);
  } finally {
    await client.end();
  }
}

export async function startServer(env: Record<string, string>, path = '/login'): Promise<Started> {
  const port = env.PORT ?? '3197';
  const begun = performance.now();
  const child = spawn(process.execPath, [...serverBundle.execArgv, ...extraNodeArgs, serverBundle.entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d));
  child.stderr?.on('data', (d: Buffer) => (out += d));
  const deadline = begun + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (performance.now() > deadline) throw new Error(`server did not answer within 600 s: ${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    child,
    msToFirst200: performance.now() - begun,
    output: () => out,
    cpuMs: () => processCpuMs(child.pid!),
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: () =>
      new Promise((resolve) => {
        // One that has ended already (under a bench's load) would never say so again.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
