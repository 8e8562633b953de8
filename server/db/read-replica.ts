// A streaming read replica of the PostgreSQL primary (DATABASE_READ_URL), which the heavy reads go to: lists,
// exports, reports, summaries and charts (`db.reads(req)`, index.ts). Everything else, and every read while the
// replica cannot be trusted, goes to the primary:
// - it is checked every REPLICA_CHECK_MS, never per request: whether it answers, whether it is a standby, and
//   how far behind it is (replica-lag.ts); down, or further behind than REPLICA_MAX_LAG_SECONDS, it is not used until
//   a check finds it well again;
// - a read that finds it gone (a lost connection) marks it down at once and is run again on the primary, so a
//   replica failing fails at most the reads under way on a connection it broke (an export's download);
// - a user who changed something reads from the primary until the replica has replayed the primary's WAL past
//   that change: the next check after the change takes the primary's position, a later one sees it replayed.
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { onTableChanges, SYSTEM, type TableName } from './table-changes.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { parseLsn, ReplicaLag } from './replica-lag.ts';

export interface ReplicaLimits {
  maxLagSeconds: number;
  checkMs: number;
}

/** Why the replica is not read: not checked yet, unreachable, not a standby, or too far behind. */
export const unusedReasons = ['starting', 'down', 'not a standby', 'lagging'] as const;

/** What /healthz says of the replica, and the log when it changes. */
export type ReplicaState =
  | { used: true; lagSeconds: number }
  | { used: false; reason: (typeof unusedReasons)[number]; lagSeconds: number | null; error?: string };

export interface ReplicaEvents {
  /** The replica came into use or out of it (or out of it for another reason). */
  state: [ReplicaState];
  /** The replica (its pool) has replayed changes to these tables: what was kept of them from its reads is stale. */
  replayed: [pg.Pool, ReadonlyArray<string>];
}

/** The replica's pools (made in index.ts, turned to the primary's on a lost connection by `fallBackTo`). */
export interface ReplicaPools {
  pool: pg.Pool;
  exportPool: pg.Pool;
  /** One connection for the checks, so that a replica busy with requests is still checked on time. */
  checks: pg.Pool;
}

/** Tables changed before the primary's WAL position `lsn`, which the replica has not yet replayed. */
interface Unreplayed {
  lsn: bigint;
  tables: ReadonlyArray<string>;
}

/** Changes awaiting replay kept apart (one per check that found some); past it the oldest are merged. */
const MAX_UNREPLAYED = 1000;

export class ReadReplica extends EventEmitter<ReplicaEvents> {
  #state: ReplicaState = { used: false, reason: 'starting', lagSeconds: null };
  readonly #lag = new ReplicaLag();
  /** Writes announced since their user's write position was last taken: user id -> the write's number. */
  readonly #unplaced = new Map<number, number>();
  /** Per user, the primary's WAL position after their last change, until the replica has replayed it. */
  readonly #writers = new Map<number, bigint>();
  /** Tables changed since the last check took the primary's position; then with that position until replayed. */
  #changedTables = new Set<string>();
  #unreplayed: Unreplayed[] = [];
  #writes = 0;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;

  constructor(
    readonly pools: ReplicaPools,
    readonly primary: pg.Pool,
    readonly limits: ReplicaLimits,
  ) {
    super();
    onTableChanges(primary, (tables, by) => this.changed(tables, by));
  }

  get state(): ReplicaState {
    return this.#state;
  }

  /** Checks now, then every `checkMs` until stopped. */
  async start(): Promise<void> {
    await this.check();
    this.#timer = setInterval(() => void this.check(), this.limits.checkMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#checking;
    await Promise.all([this.pools.pool.end(), this.pools.exportPool.end(), this.pools.checks.end()]);
  }

  /** Whether `userId`'s reads may go to the replica now: it is in use, and has replayed their last change. */
  serves(userId: number | undefined): boolean {
    if (!this.#state.used) return false;
    if (userId === undefined || userId === SYSTEM) return true;
    if (this.#unplaced.has(userId)) return false;
    const wrote = this.#writers.get(userId);
    if (wrote === undefined) return true;
    if (wrote > this.#lag.replayed) return false;
    this.#writers.delete(userId);
    return true;
  }

  /**
   * A change to `tables` by user `by` was committed on the primary (here, or told by the hub from another
   * instance): that user reads from the primary until the replica has replayed it.
   */
  changed(tables: ReadonlyArray<TableName | string>, by: number): void {
    if (by !== SYSTEM) this.#unplaced.set(by, ++this.#writes);
    for (const t of tables) this.#changedTables.add(t);
  }

  /** A read found the replica gone: no more reads go to it until a check finds it back. */
  lost(err: unknown): void {
    if (this.#state.used || this.#state.reason !== 'down')
      this.#set({ used: false, reason: 'down', lagSeconds: null, error: message(err) });
  }

  /** One check; a check asked for while one runs is that one. */
  check(): Promise<void> {
    // A check that fails in a way not foreseen takes the replica out of use; it never ends the process.
    this.#checking ??= this.#check()
      .catch((err: unknown) => this.lost(err))
      .finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #check(): Promise<void> {
    // Taken before the primary's position is read: each of these writes committed before that position.
    const unplaced = new Map(this.#unplaced);
    const tables = [...this.#changedTables];
    this.#changedTables = new Set();
    let position: bigint;
    try {
      const r = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      position = parseLsn(r.rows[0]!.lsn);
    } catch {
      // The primary itself does not answer: nothing to compare with; the state stays, and so does what waits.
      for (const t of tables) this.#changedTables.add(t);
      return;
    }
    this.#lag.sample(position);
    for (const [user, write] of unplaced) {
      this.#writers.set(user, position);
      if (this.#unplaced.get(user) === write) this.#unplaced.delete(user);
    }
    if (tables.length > 0) this.#unreplayed.push({ lsn: position, tables });
    // While the replica is down, the oldest two are one: forgotten once the later is replayed, still after both.
    if (this.#unreplayed.length > MAX_UNREPLAYED) {
      const [first, second] = this.#unreplayed.splice(0, 2) as [Unreplayed, Unreplayed];
      this.#unreplayed.unshift({ lsn: second.lsn, tables: [...new Set([...first.tables, ...second.tables])] });
    }

    let standby: { standby: boolean; replayed: string | null };
    try {
      const r = await this.pools.checks.query<{ standby: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
      );
      standby = r.rows[0]!;
    } catch (err) {
      this.#set({ used: false, reason: 'down', lagSeconds: null, error: message(err) });
      return;
    }
    if (!standby.standby || standby.replayed === null) {
      this.#set({ used: false, reason: 'not a standby', lagSeconds: null });
      return;
    }
    this.#lag.replayedTo(parseLsn(standby.replayed));
    this.#forgetReplayed();
    const lag = this.#lag.seconds(this.limits.maxLagSeconds);
    if (lag === null) this.#set({ used: false, reason: 'starting', lagSeconds: null });
    else if (lag > this.limits.maxLagSeconds) this.#set({ used: false, reason: 'lagging', lagSeconds: lag });
    else this.#set({ used: true, lagSeconds: lag });
  }

  /** Changes the replica has replayed are announced; writers it has replayed read from it again. */
  #forgetReplayed(): void {
    const replayed = this.#lag.replayed;
    const done = this.#unreplayed.filter((c) => c.lsn <= replayed);
    if (done.length > 0) {
      this.#unreplayed = this.#unreplayed.filter((c) => c.lsn > replayed);
      this.emit('replayed', this.pools.pool, [...new Set(done.flatMap((c) => c.tables))]);
    }
    for (const [user, lsn] of this.#writers) if (lsn <= replayed) this.#writers.delete(user);
  }

  #set(state: ReplicaState): void {
    const before = this.#state;
    this.#state = state;
    const changed = before.used !== state.used || (!before.used && !state.used && before.reason !== state.reason);
    if (changed) this.emit('state', state);
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A failure of the replica itself rather than of the query: it went away (or never came), or is shutting
 * down. A query cancelled at its statement_timeout is the query's, not the replica's.
 */
export function replicaLost(err: unknown): boolean {
  return isDatabaseUnavailable(err) && (err as { code?: string }).code !== '57014';
}

/**
 * The primary answers instead when the standby cancelled the query because replaying the primary's WAL
 * needed what it read (a vacuumed row), or refused it because it writes (a read that makes what it reads on
 * first use: a standby runs only read-only transactions).
 */
export function primaryAnswers(err: unknown): boolean {
  const { code } = err as { code?: string };
  return code === '25006' || (code === '40001' && /conflict with recovery/i.test(message(err)));
}

type AnyCall = (...args: unknown[]) => unknown;

/**
 * Turns `pool`'s promised queries and checkouts to `fallback` when the replica is found gone (told to `lost`),
 * or cancels or refuses a query the primary can answer: a read never fails for the replica's sake unless it was under way on a
 * connection the replica broke.
 */
export function fallBackTo(pool: pg.Pool, fallback: pg.Pool, lost: (err: unknown) => void): void {
  const query = pool.query.bind(pool) as AnyCall;
  const queryAgain = fallback.query.bind(fallback) as AnyCall;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    // A callback or a submittable (cursor) is the caller's to handle.
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (replicaLost(err)) lost(err);
      else if (!primaryAnswers(err)) throw err;
      return queryAgain(...args);
    });
  }) as typeof pool.query;
  const connect = pool.connect.bind(pool) as AnyCall;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).catch((err: unknown) => {
      if (!replicaLost(err)) throw err;
      lost(err);
      return fallback.connect();
    });
  }) as typeof pool.connect;
}
