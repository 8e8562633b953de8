// Runs the embedded database's child process and keeps it running. The app talks to it over a unix socket
// that stays at one path, so a restarted process is reached like the first. When the process dies (or is
// ended for hanging: query-deadline.ts), a new one is started on the same data directory, at once and then
// after growing pauses; when none comes back after a few tries, the app is told it is lost ('lost'), and
// main.ts exits so that whatever supervises the app starts it afresh.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedServer } from '../paths.ts';

/** Pauses before each try to start a process that died; one more failure and it is lost. */
const RESTART_DELAYS_MS = [0, 500, 1000, 2000, 4000];
/** A process that served this long before dying was healthy: its restart starts the count of tries afresh. */
const HEALTHY_MS = 60_000;

/** Where a start found its database: already there, copied from the cluster image, or created by PGlite (initdb). */
export interface DatabaseCreation {
  from: 'existing' | 'image' | 'initdb';
  /** Why the image given could not be copied (the database was then created). */
  imageError?: string;
}

export interface EmbeddedEvents {
  /** The process stopped serving (died, or was ended for hanging); a new one is being started. */
  restarting: [{ pid: number | undefined; reason: string }];
  /** A try to start a new process failed; another follows unless it was the last. */
  restartFailed: [{ error: Error; tries: number; of: number }];
  restarted: [{ pid: number }];
  /** No new process could be started: the database stays unavailable. */
  lost: [Error];
}

export class EmbeddedServer extends EventEmitter<EmbeddedEvents> {
  /** The directory holding the socket, as `pg` wants it for `host`. */
  readonly socketDir = mkdtempSync(join(tmpdir(), 'backroom-db-'));
  private readonly socketPath = join(this.socketDir, '.s.PGSQL.5432');
  private child: ChildProcess | null = null;
  private state: 'starting' | 'up' | 'restarting' | 'lost' | 'stopped' = 'starting';
  private startedAt = 0;
  private tries = 0;
  /** Why the app ended the current process, when it did. */
  private endedFor: string | null = null;
  /** Cancels a pause between restarts, and a start under way, when the app stops. */
  private readonly stopping = new AbortController();
  private recovering: Promise<void> | null = null;
  /** How the first start found its database (set once it serves). */
  created: DatabaseCreation = { from: 'existing' };

  /** `image`: the cluster image a data directory that holds no database yet starts as a copy of (cluster-image.ts). */
  constructor(
    private readonly dataDir: string,
    private readonly image?: string,
  ) {
    super();
  }

  /** The first start: fails with the reason when the process cannot start (e.g. the directory is in use). */
  async start(): Promise<void> {
    const { child, created } = await this.spawn();
    this.created = created;
    this.serve(child);
  }

  /** The database process's id, while one serves (it may be busy); undefined while it restarts. */
  get pid(): number | undefined {
    return this.state === 'up' ? this.child?.pid : undefined;
  }

  /** A process is up and serving (it may be busy with a long query). */
  isUp(): boolean {
    const child = this.child;
    return this.state === 'up' && !!child && child.exitCode === null && child.signalCode === null && child.connected;
  }

  /** Ends a process that stopped answering; it is then started again as after a crash. */
  restart(reason: string): void {
    if (this.state !== 'up' || !this.child) return;
    this.endedFor = reason;
    // SIGKILL ends a stopped or hung process too; the new one is started only once this one has exited,
    // so two never hold the data directory at once.
    this.child.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.stopping.abort();
    // A process started meanwhile is stopped by the recovery itself.
    await this.recovering;
    if (this.child) await stopChild(this.child);
    rmSync(this.socketDir, { recursive: true, force: true });
  }

  private serve(child: ChildProcess): void {
    this.child = child;
    this.state = 'up';
    this.startedAt = Date.now();
    this.endedFor = null;
    child.once('exit', (code, signal) => {
      if (this.state !== 'up' || this.child !== child) return;
      const reason = this.endedFor ?? `the process exited (${signal ?? `code ${code}`})`;
      this.recovering = this.recover(child.pid, reason).finally(() => (this.recovering = null));
    });
  }

  private async recover(pid: number | undefined, reason: string): Promise<void> {
    this.state = 'restarting';
    this.child = null;
    if (Date.now() - this.startedAt >= HEALTHY_MS) this.tries = 0;
    this.emit('restarting', { pid, reason });
    let error = new Error(reason);
    while (this.tries < RESTART_DELAYS_MS.length) {
      try {
        await sleep(RESTART_DELAYS_MS[this.tries++]!, undefined, { signal: this.stopping.signal });
        const { child } = await this.spawn();
        if (this.stopping.signal.aborted) {
          await stopChild(child);
          return;
        }
        this.serve(child);
        this.emit('restarted', { pid: child.pid! });
        return;
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        error = err as Error;
        this.emit('restartFailed', { error, tries: this.tries, of: RESTART_DELAYS_MS.length });
      }
    }
    this.state = 'lost';
    this.emit('lost', error);
  }

  /** A new database process, serving once this resolves, and how it found its database. */
  private async spawn(): Promise<{ child: ChildProcess; created: DatabaseCreation }> {
    // A killed process leaves its socket file behind, and listening on it would fail. The directory is
    // this app's own (0700), and the old process has exited, so the file is nobody's.
    rmSync(this.socketPath, { force: true });
    const child = fork(embeddedServer.entry, [this.dataDir, this.socketPath, ...(this.image ? [this.image] : [])], {
      execArgv: embeddedServer.execArgv,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    // A process that could not be started, signalled or sent to says so with 'error' (its exit, when it had
    // started, follows): unheard, that event would end the app; a start that failed is told below.
    child.on('error', () => undefined);
    let stderr = '';
    const collect = (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
    };
    child.stderr?.on('data', collect);
    let created: DatabaseCreation;
    try {
      created = await new Promise<DatabaseCreation>((resolve, reject) => {
        child.once('message', (m: { ready?: boolean; created: DatabaseCreation; error?: string }) =>
          m.ready ? resolve(m.created) : reject(new Error(`The embedded database did not start: ${m.error}`)),
        );
        child.once('exit', (code) => reject(new Error(`The embedded database did not start (exit ${code}): ${lastLines(stderr)}`)));
        child.once('error', (err) => reject(new Error(`The embedded database could not be started: ${err.message}`)));
      });
    } catch (err) {
      await stopChild(child);
      throw err;
    }
    child.stderr?.off('data', collect);
    child.stderr?.pipe(process.stderr);
    return { child, created };
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  // Never started (its 'error' said why), or already ended: nothing to wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    // A process dying as it is asked (killed a moment ago, its exit not yet seen) refuses the message: it is
    // then ended by signal, and the refusal is not an uncaught error.
    if (child.connected) child.send({ stop: true }, (err) => err && child.kill('SIGTERM'));
    else child.kill('SIGTERM');
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).join('\n');
}
