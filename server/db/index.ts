// Opens the database the configuration names: a PostgreSQL server (DATABASE_URL) or the embedded PGlite,
// both reached through the same `pg` pool so the rest of the app speaks one dialect to one interface.
import pg from 'pg';
import type { EventEmitter } from 'node:events';
import { EmbeddedServer, type DatabaseCreation, type EmbeddedEvents } from './embedded.ts';
import { clusterImagesDir, currentClusterImage, holdsDatabase } from './cluster-image.ts';
import { migrate } from './migrate.ts';
import { QueryWatch, TimedClient, type Deadlines } from './query-deadline.ts';
import { DatabaseUnavailableError } from './unavailable.ts';
import { preparesStatements } from './named-statements.ts';
import { newPool } from './pools.ts';
import { fallBackTo, ReadReplica, type ReplicaLimits } from './read-replica.ts';
import { defaultLimits } from '../limits.ts';

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
   * The feed's connections (server/feed/feed-queue.ts serves FEED_AT_ONCE requests at a time): on a server a
   * pool of their own, so that at close of day the tills' requests never wait for a connection behind staff
   * pages, nor staff pages behind them; their changes are announced as `pool`'s (changeTables is given `pool`).
   * Embedded: the one pool.
   */
  feedPool: pg.Pool;
  /**
   * Whether the database answers. The embedded database has one connection: while it runs a long query,
   * a health check must not queue behind it, so a live, busy database process counts as reachable, until
   * its query has run longer than a request's may. Throws when the database is unavailable.
   */
  health(): Promise<'ok' | 'busy'>;
  /**
   * Whether named (prepared) statements may be used. Not on the embedded database: every connection its pool
   * opens is the same PGlite session, so a name an earlier connection prepared would clash.
   */
  preparesStatements: boolean;
  /**
   * The database a request's heavy reads go to (lists, exports, reports, summaries, charts): a read replica's
   * pools when one is configured, in use, and has replayed the request's user's last change; else this one.
   */
  reads(req?: ReadingRequest): Database;
  /** The read replica (DATABASE_READ_URL), its state for /healthz and the log. */
  replica?: ReadReplica | undefined;
  /** Embedded only: the database process's id, for logs and operators; a restart gives a new one. */
  readonly pid?: number | undefined;
  /** Embedded only: its process's restarts, and giving up on it ('lost'), for main.ts to log and act on. */
  events?: EventEmitter<EmbeddedEvents>;
  /** Embedded only: where this start found its database (a new one copied from the cluster image, or created). */
  created?: DatabaseCreation;
  close(): Promise<void>;
};

/** Who reads: a request, with its signed-in user if any. */
export interface ReadingRequest {
  user?: { ID: number } | null | undefined;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl`'s server for the heavy reads (a PostgreSQL server only). */
  databaseReadUrl?: string | undefined;
  /** How far behind the replica may be, and how often it is checked (config.limits.replica). */
  limits?: { replica: ReplicaLimits } | undefined;
  dataDir: string;
  /**
   * Embedded only: the folder of cluster images a new data directory may start from (cluster-image.ts); the
   * build's by default, null for none (the database is then created and migrated here).
   */
  clusterImages?: string | null;
  /** Apply migrations on open (the app does; tools that only read may not). */
  migrate?: boolean;
  /** Deadlines for queries, both or neither (the app sets them: config.ts); tools that grow data set none. */
  queryTimeoutMs?: number;
  exportTimeoutMs?: number;
  /** A server's connections for exports (config.limits.exports.atOnce: as many as may run at once). */
  exportConnections?: number;
  /** A server's connections for the feed (config.limits.feed.atOnce: as many as are served at once). */
  feedConnections?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const deadlines =
    options.queryTimeoutMs && options.exportTimeoutMs ? { queryMs: options.queryTimeoutMs, exportMs: options.exportTimeoutMs } : undefined;
  if (options.databaseReadUrl && !options.databaseUrl)
    throw new Error('DATABASE_READ_URL names a replica of the PostgreSQL server DATABASE_URL names: set both, or neither.');
  const exportConnections = options.exportConnections ?? defaultLimits.exports.atOnce;
  const { db, connection } = options.databaseUrl
    ? openServer(options.databaseUrl, deadlines, exportConnections, options.feedConnections ?? defaultLimits.feed.atOnce)
    : await openEmbedded(options.dataDir, deadlines, options.clusterImages === undefined ? clusterImagesDir : options.clusterImages);
  try {
    // A migration may rebuild an index over every row: it runs on a connection of its own, without the
    // requests' deadlines (and before the requests' pool takes its first connection).
    if (options.migrate !== false) {
      const own = newPool({ ...connection, max: 1 });
      try {
        await migrate(own);
      } finally {
        await own.end();
      }
    }
    await db.pool.query('select 1');
    // After the migrations: the replica replays them. Down at start, it is not read until a check finds it.
    if (options.databaseReadUrl) await openReplica(db, options.databaseReadUrl, deadlines, exportConnections, options.limits?.replica);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

interface Opened {
  db: Database;
  /** How to reach the database, without deadlines. */
  connection: pg.ClientConfig;
}

function openServer(url: string, deadlines: Deadlines | undefined, exportConnections: number, feedConnections: number): Opened {
  const connection = { connectionString: url };
  const { pool, exportPool } = serverPools(connection, deadlines, exportConnections);
  const db: Database = {
    kind: 'postgres',
    pool,
    exportPool,
    feedPool: newPool({ ...connection, max: feedConnections, idleTimeoutMillis: 30_000, ...serverLimits(deadlines, 'queryMs') }),
    preparesStatements: true,
    health: () => pool.query('select 1').then(() => 'ok' as const),
    // Until a replica is opened beside it (openReplica).
    reads: () => db,
    close: async () => {
      await Promise.all([db.replica?.stop(), pool.end(), exportPool.end(), db.feedPool.end()]);
    },
  };
  return { db, connection };
}

/** A server's pools: 10 connections for requests, `exportConnections` for exports. */
function serverPools(
  connection: pg.ClientConfig,
  deadlines: Deadlines | undefined,
  exportConnections: number,
  lost?: (err: Error) => void,
): { pool: pg.Pool; exportPool: pg.Pool } {
  // Its list statements are named (named-statements.ts): parsed once per connection, but still planned for
  // each run's values. A generic plan, which PostgreSQL takes after five runs when it looks no costlier, read a
  // region user's deep page in Sales order at 10M sales in 813 ms, where planned for its values it takes 25 ms.
  const pool = newPool(
    {
      ...connection,
      options: '-c plan_cache_mode=force_custom_plan',
      max: 10,
      idleTimeoutMillis: 30_000,
      ...serverLimits(deadlines, 'queryMs'),
    },
    lost,
  );
  preparesStatements(pool);
  return {
    pool,
    exportPool: newPool({ ...connection, max: exportConnections, idleTimeoutMillis: 10_000, ...serverLimits(deadlines, 'exportMs') }, lost),
  };
}

/**
 * Opens the read replica beside `db` (its pools as many as the primary's), checks it once and keeps checking
 * it: a replica that does not answer leaves the app on the primary, never unable to start.
 */
async function openReplica(
  db: Database,
  url: string,
  deadlines: Deadlines | undefined,
  exportConnections: number,
  limits: ReplicaLimits = defaultLimits.replica,
): Promise<void> {
  const connection = { connectionString: url };
  let replica: ReadReplica | undefined;
  const lost = (err: unknown) => replica?.lost(err);
  const { pool, exportPool } = serverPools(connection, deadlines, exportConnections, lost);
  // A check waits for a connection, or an answer, at most a few seconds: a replica that hangs is then down.
  const checkMs = Math.max(limits.checkMs, 5000);
  const checks = newPool({ ...connection, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: checkMs, statement_timeout: checkMs });
  fallBackTo(pool, db.pool, lost);
  fallBackTo(exportPool, db.exportPool, lost);
  replica = new ReadReplica({ pool, exportPool, checks }, db.pool, limits);
  const served = replica;
  // The primary's interface with the replica's pools in its place.
  const view: Database = { ...db, pool, exportPool, reads: () => view };
  db.replica = replica;
  db.reads = (req) => (served.serves(req?.user?.ID) ? view : db);
  await replica.start();
}

/**
 * The server cancels a statement at its statement_timeout (a request's, or on the export pool an export's);
 * a pool whose connections are all taken fails a caller that has waited as long as a request's query may run.
 */
function serverLimits(deadlines: Deadlines | undefined, statement: keyof Deadlines): pg.PoolConfig {
  return deadlines ? { statement_timeout: deadlines[statement], connectionTimeoutMillis: deadlines.queryMs } : {};
}

async function openEmbedded(dataDir: string, deadlines: Deadlines | undefined, images: string | null): Promise<Opened> {
  const image = images && !holdsDatabase(dataDir) ? currentClusterImage(images) : undefined;
  const server = new EmbeddedServer(dataDir, image);
  try {
    await server.start();
  } catch (err) {
    await server.stop();
    throw err;
  }
  const connection = { host: server.socketDir, user: 'postgres', database: 'postgres' };
  const watch = deadlines && new QueryWatch(deadlines, (ms) => server.restart(`a query ran past its deadline (${ms} ms)`));
  // One connection: PGlite has one backend, and the socket server resets any second connection.
  const pool = newPool({
    ...connection,
    max: 1,
    idleTimeoutMillis: 0,
    ...(watch && { Client: watch.clientClass(), connectionTimeoutMillis: watch.deadlines.queryMs }),
  });
  // Each checkout starts with a request's deadline; an export raises its own (allowExportTime).
  pool.on('acquire', (client) => {
    if (client instanceof TimedClient) client.exportTime = false;
  });
  const db: Database = {
    kind: 'embedded',
    pool,
    exportPool: pool,
    feedPool: pool,
    preparesStatements: false,
    reads: () => db,
    get pid() {
      return server.pid;
    },
    events: server,
    created: server.created,
    async health() {
      if (!server.isUp()) throw new DatabaseUnavailableError('The embedded database process is not running.');
      const saturated = pool.idleCount === 0 && pool.totalCount >= 1;
      if (!saturated) {
        await pool.query('select 1');
        return 'ok';
      }
      // A query past a request's deadline is ended with its process; an export's may run longer, and
      // every request waits for it meanwhile: past a request's deadline, that is no longer "busy".
      if (watch && watch.busyMs() > watch.deadlines.queryMs)
        throw new DatabaseUnavailableError('The embedded database has been busy too long.');
      return 'busy';
    },
    close: async () => {
      await pool.end();
      await server.stop();
    },
  };
  return { db, connection };
}
