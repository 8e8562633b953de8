// The PostgreSQL backends behind a test app, as an operator (or a failover, a network reset) sees them: found
// by what they run in pg_stat_activity and ended with pg_terminate_backend, the real thing; and tables held
// under an exclusive lock, so that a statement reading one waits where a test can find and end it.
// Works on its own connection to the app's database, which it never ends itself.
import pg from 'pg';
import { until } from './until.ts';
import { postgresUrl } from './template-db.ts';

export interface Backend {
  pid: number;
  query: string;
}

export interface BackendFilter {
  waitingFor?: string;
  state?: string;
  /** Only a backend that has been in its state this long: one that waits, not one caught between two steps. */
  stillMs?: number;
}

export class Backends {
  private readonly admin: pg.Client;
  /** The connections holding locks for the test, with their backends' pids. */
  private readonly locks: Array<{ holder: pg.Client; pid: number }> = [];

  private constructor(private readonly url: string) {
    this.admin = new pg.Client({ connectionString: url });
    // This connection is the test's own: its loss fails the test's next query, not the process.
    this.admin.on('error', () => undefined);
  }

  /** Backends of the database `url` names. */
  static async of(url: string): Promise<Backends> {
    const backends = new Backends(url);
    await backends.admin.connect();
    return backends;
  }

  /**
   * The app's backends on this database whose statement (running, or last run when idle) matches `query`;
   * only those waiting for `waitingFor` (a wait event or its type: 'Lock', 'ClientWrite') or in `state`
   * ('idle in transaction'), or in their state at least `stillMs`, when asked.
   */
  async matching(query: RegExp, { waitingFor, state, stillMs }: BackendFilter = {}): Promise<Backend[]> {
    const { rows } = await this.admin.query<Backend>(
      `select pid, query from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
         and query ~* $1 and ($2::text is null or $2 in (wait_event_type, wait_event)) and ($3::text is null or state = $3)
         and ($4::int is null or state_change <= clock_timestamp() - make_interval(secs => $4 / 1000.0))`,
      [query.source, waitingFor ?? null, state ?? null, stillMs ?? null],
    );
    // Our own lock holders are not the app's.
    const own = new Set(this.locks.map((l) => l.pid));
    return rows.filter((r) => !own.has(r.pid));
  }

  /** The first backend `matching`, once there is one. */
  async found(query: RegExp, what: string, filter: BackendFilter & { ms?: number } = {}): Promise<Backend> {
    let found: Backend | undefined;
    await until(async () => (found = (await this.matching(query, filter))[0]) !== undefined, what, { ms: filter.ms ?? 20_000 });
    return found!;
  }

  /**
   * Ends the backends (pg_terminate_backend), as a restart or a network reset would, and waits until they have
   * exited: nothing sent to them afterwards can reach them.
   */
  async terminate(...pids: number[]): Promise<void> {
    await this.admin.query('select pg_terminate_backend(pid, 10000) from unnest($1::int[]) pid', [pids]);
  }

  /**
   * Lets the database take new connections or not (as a server refusing them during a failover would); the
   * connections it has stay. Said from the server's maintenance database, since a database cannot say it of itself.
   */
  async allowConnections(allow: boolean): Promise<void> {
    const maintenance = new pg.Client({ connectionString: postgresUrl('postgres') });
    await maintenance.connect();
    try {
      await maintenance.query(`alter database "${new URL(this.url).pathname.slice(1)}" allow_connections ${allow}`);
    } finally {
      await maintenance.end();
    }
  }

  /** Holds `table` under an ACCESS EXCLUSIVE lock (any statement reading it waits) until `release` is called. */
  lock(table: string): Promise<{ release(): Promise<void> }> {
    return this.hold(`lock table ${table} in access exclusive mode`);
  }

  /** Holds the row of `table` whose `column` is `value` locked FOR UPDATE (a change of it waits) until `release`. */
  lockRow(table: string, column: string, value: number): Promise<{ release(): Promise<void> }> {
    return this.hold(`select 1 from ${table} where ${column} = $1 for update`, [value]);
  }

  /** Runs `statement` in a transaction of its own connection, kept open (its locks held) until `release`. */
  private async hold(statement: string, params: unknown[] = []): Promise<{ release(): Promise<void> }> {
    const holder = new pg.Client({ connectionString: this.url });
    holder.on('error', () => undefined);
    await holder.connect();
    const pid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const lock = { holder, pid };
    this.locks.push(lock);
    await holder.query('begin');
    await holder.query(statement, params);
    return {
      release: async () => {
        this.locks.splice(this.locks.indexOf(lock), 1);
        await holder.query('rollback').catch(() => undefined);
        await holder.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    for (const { holder } of this.locks.splice(0)) await holder.end().catch(() => undefined);
    await this.admin.end().catch(() => undefined);
  }
}
