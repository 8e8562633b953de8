// Starts the embedded database's child process and hands back the unix socket it serves on.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedServer } from '../paths.ts';

export interface EmbeddedServer {
  /** The directory holding the socket, as `pg` wants it for `host`. */
  socketDir: string;
  /** The child process is up and serving (it may be busy with a long query). */
  isAlive(): boolean;
  /** For tests of crash safety: ends the child as a power cut would end a process (SIGKILL). */
  kill(): void;
  stop(): Promise<void>;
}

export async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
  // mkdtemp makes the directory 0700: only this user can reach the socket, so no password is needed.
  const socketDir = mkdtempSync(join(tmpdir(), 'backroom-db-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  const child = fork(embeddedServer.entry, [dataDir, socketPath], {
    execArgv: embeddedServer.execArgv,
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m: { ready?: boolean; error?: string }) =>
      m.ready ? resolve() : reject(new Error(`The embedded database did not start: ${m.error}`)),
    );
    child.once('exit', (code) =>
      reject(new Error(`The embedded database did not start (exit ${code}): ${lastLines(stderr)}`)),
    );
  });
  child.stderr?.pipe(process.stderr);
  return {
    socketDir,
    isAlive: () => child.exitCode === null && child.signalCode === null && child.connected,
    kill: () => child.kill('SIGKILL'),
    stop: () => stopChild(child).finally(() => rmSync(socketDir, { recursive: true, force: true })),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    if (child.connected) child.send({ stop: true });
    else child.kill('SIGTERM');
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).join('\n');
}
