// Opens the database the configuration names: a PostgreSQL server (DATABASE_URL) or the embedded PGlite,
// both reached through the same `pg` pool so the rest of the app speaks one dialect to one interface.
import pg from 'pg';
import { startEmbedded } from './embedded.ts';
import { migrate } from './migrate.ts';

// int8 (counts, bigserial keys) as numbers: our keys and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// date as its 'yyyy-mm-dd' text: a JS Date would shift it by the server's time zone.
pg.types.setTypeParser(1082, (v) => v);
// numeric stays a string on purpose: money must be exact to the cent.

export type Database = {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /**
   * Exports' connections: a download holds one for as long as its client takes, so on a server they come from
   * a pool of their own and can never take the connections every request needs. Embedded: the one pool (an
   * export there takes the connection a batch at a time: server/table-api/export/rows.ts).
   */
  exportPool: pg.Pool;
  /**
   * Whether the database answers. The embedded database has one connection: while it runs a long query,
   * a health check must not queue behind it, so a live, busy database process counts as reachable.
   */
  health(): Promise<'ok' | 'busy'>;
  /**
   * Whether named (prepared) statements may be used. Not on the embedded database: every connection its pool
   * opens is the same PGlite session, so a name an earlier connection prepared would clash.
   */
  preparesStatements: boolean;
  /** Embedded only: SIGKILL the database process (crash-safety tests). */
  crash?: () => void;
  close(): Promise<void>;
};

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Apply migrations on open (the app does; tools that only read may not). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.databaseUrl ? openServer(options.databaseUrl) : await openEmbedded(options.dataDir);
  try {
    await db.pool.query('select 1');
    if (options.migrate !== false) await migrate(db.pool);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** More exports than this at once on one app instance are refused (server/table-api/export/slots.ts counts them). */
export const EXPORT_CONNECTIONS = 4;

function openServer(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  const exportPool = new pg.Pool({ connectionString: url, max: EXPORT_CONNECTIONS, idleTimeoutMillis: 10_000 });
  // An idle client's lost connection is replaced on next use.
  for (const p of [pool, exportPool]) p.on('error', () => undefined);
  return {
    kind: 'postgres',
    pool,
    exportPool,
    preparesStatements: true,
    health: () => pool.query('select 1').then(() => 'ok' as const),
    close: async () => {
      await Promise.all([pool.end(), exportPool.end()]);
    },
  };
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const server = await startEmbedded(dataDir);
  // One connection: PGlite has one backend, and the socket server resets any second connection.
  const pool = new pg.Pool({ host: server.socketDir, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  return {
    kind: 'embedded',
    pool,
    exportPool: pool,
    preparesStatements: false,
    async health() {
      if (!server.isAlive()) throw new Error('The embedded database process is not running.');
      const saturated = pool.idleCount === 0 && pool.totalCount >= 1;
      if (saturated) return 'busy';
      await pool.query('select 1');
      return 'ok';
    },
    crash: () => server.kill(),
    close: async () => {
      await pool.end();
      await server.stop();
    },
  };
}
