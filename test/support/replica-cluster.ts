// A PostgreSQL primary and a streaming replica of it, made for one test file under a temporary folder: the
// machine's own server allows no replication connections (and is left alone), so a test of the read replica
// makes its own with the installed binaries, `initdb` and `pg_basebackup`, run as the postgres user, on free
// ports, and removes them after, servers and folder, even when the test fails or its process ends early.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const POSTGRES_ROOT = '/usr/lib/postgresql';
const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** The newest installed PostgreSQL's binaries that can make a replica; null when there are none. */
export function postgresBinaries(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(POSTGRES_ROOT, v, 'bin');
    if (['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(join(bin, b)))) return bin;
  }
  return null;
}

/** Why a replica cannot be made on this machine, or null when it can. */
export function replicaUnavailable(): string | null {
  if (!postgresBinaries()) return `no PostgreSQL binaries (initdb, pg_ctl, pg_basebackup) under ${POSTGRES_ROOT}`;
  if (process.getuid?.() !== 0 && !process.env.USER?.startsWith('postgres')) return 'the tests run neither as root nor as postgres';
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return 'there is no postgres user';
  return null;
}

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica's server as postgres (pause and resume replay). */
  onReplica(sql: string): Promise<void>;
  stopReplica(): void;
  startReplica(): void;
  /** Stops both servers and removes their folder; safe to call twice. */
  destroy(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user; throws with its output when it fails. */
function asPostgres(bin: string, program: string, args: string[]): void {
  const command =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  const r = spawnSync(command[0] as string, command[1] as string[], { encoding: 'utf8', cwd: '/' });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status}): ${r.stdout}${r.stderr}`);
}

const serverSettings = (port: number, socketDir: string) => `
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${socketDir}'
wal_level = replica
max_wal_senders = 4
hot_standby = on
fsync = off
synchronous_commit = on
full_page_writes = off
shared_buffers = 16MB
max_connections = 60
`;

/** Makes the primary with database `name`, which `fill` fills (given its URL), then its replica, and starts both. */
export async function startReplicaCluster(fill: (primaryUrl: string) => Promise<void>, name = 'backroom'): Promise<ReplicaCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'backroom-replica-'));
  const postgresUid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const postgresGid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (process.getuid?.() === 0) chownSync(dir, postgresUid, postgresGid);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const running = new Set<string>();
  const start = (data: string) => {
    asPostgres(bin, 'pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      data,
      '-l',
      join(dir, `${data === primaryDir ? 'primary' : 'replica'}.log`),
    ]);
    running.add(data);
  };
  const stop = (data: string) => {
    if (!running.delete(data)) return;
    asPostgres(bin, 'pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', data]);
  };
  const destroy = () => {
    for (const data of [...running]) {
      try {
        stop(data);
      } catch {
        // Already gone: the folder goes anyway.
      }
    }
    rmSync(dir, { recursive: true, force: true });
    process.off('exit', destroy);
    for (const signal of signals) process.off(signal, ended);
  };
  // A test process that ends without its after hooks (an uncaught error, the runner's timeout ending it)
  // still leaves nothing running: the signal is raised again once the servers are stopped.
  const ended = (signal: NodeJS.Signals) => {
    destroy();
    process.kill(process.pid, signal);
  };
  process.on('exit', destroy);
  for (const signal of signals) process.on(signal, ended);
  try {
    asPostgres(bin, 'initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    appendFileSync(join(primaryDir, 'postgresql.conf'), serverSettings(primaryPort, dir));
    writeFileSync(
      join(primaryDir, 'pg_hba.conf'),
      ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication postgres 127.0.0.1/32 trust', ''].join('\n'),
    );
    start(primaryDir);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${name}`;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    await fill(primaryUrl);
    // -R writes the standby's connection to the primary; its own port comes after the copied settings.
    asPostgres(bin, 'pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    appendFileSync(join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    start(replicaDir);
    const replicaAdmin = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    return {
      primaryUrl,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/${name}`,
      async onReplica(sql) {
        const c = new pg.Client({ connectionString: replicaAdmin });
        await c.connect();
        try {
          await c.query(sql);
        } finally {
          await c.end();
        }
      },
      stopReplica: () => stop(replicaDir),
      startReplica: () => start(replicaDir),
      destroy,
    };
  } catch (err) {
    destroy();
    throw err;
  }
}
