// The embedded database's deadline for each query, kept by the client. PGlite serves every connection from
// one backend that never fires statement_timeout and ignores cancel requests, so a query still running at its
// deadline means the database process hangs (or was stopped): the watch reports the overrun, and the process
// is ended and started again (embedded.ts), which fails that query and every one waiting behind it.
// A PostgreSQL server keeps its own deadline (statement_timeout, set where its pools are made: index.ts).
import pg from 'pg';

export interface Deadlines {
  /** The longest one query of a request may run, or wait for a connection. */
  queryMs: number;
  /** The longest one query of an export may run: an embedded export computes all its rows at once. */
  exportMs: number;
}

/** Suits a page (the browser gives up on one after 10 s) and an export of millions of rows. */
export const defaultDeadlines: Deadlines = { queryMs: 10_000, exportMs: 120_000 };

/** A connection whose queries a QueryWatch times (QueryWatch.clientClass makes them). */
export class TimedClient extends pg.Client {
  /** Set by allowExportTime for one checkout; cleared whenever the pool hands the connection out. */
  exportTime = false;
}

/**
 * Lets the queries on this checked-out connection run to an export's deadline until it is released: an
 * embedded export computes every row when its cursor's transaction commits. A PostgreSQL server's export
 * pool has the export deadline already (its connections' statement_timeout); there this changes nothing.
 */
export function allowExportTime(client: pg.PoolClient): void {
  if (client instanceof TimedClient) client.exportTime = true;
}

type AnyQuery = (this: TimedClient, ...args: unknown[]) => unknown;

/** The queries of the embedded database's connections, each timed against its deadline. */
export class QueryWatch {
  private readonly running = new Set<{ since: number }>();

  constructor(
    readonly deadlines: Deadlines,
    private readonly overrun: (ms: number) => void,
  ) {}

  /** How long the oldest query still running has run (0 when none runs): /healthz bounds it. */
  busyMs(): number {
    let oldest = Infinity;
    for (const query of this.running) oldest = Math.min(oldest, query.since);
    return oldest === Infinity ? 0 : Date.now() - oldest;
  }

  /** The Client class for a pool (its `Client` option): connections whose queries this watch times. */
  clientClass(): typeof TimedClient {
    const watch = this;
    const plainQuery = pg.Client.prototype.query as AnyQuery;
    // pg's `query` has a dozen overloads; each ends in a callback, a promise or a submittable.
    const timedQuery: AnyQuery = function (...args) {
      const done = watch.start(this.exportTime ? watch.deadlines.exportMs : watch.deadlines.queryMs);
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          return (last as (...r: unknown[]) => unknown)(...results);
        };
        return plainQuery.apply(this, args);
      }
      const result = plainQuery.apply(this, args);
      // Cursors and COPY streams (submittables) are not used on the embedded database: not timed.
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    };
    class WatchedClient extends TimedClient {}
    WatchedClient.prototype.query = timedQuery as TimedClient['query'];
    return WatchedClient;
  }

  /** Times one query from now; the function returned ends the timing. */
  private start(ms: number): () => void {
    const query = { since: Date.now() };
    this.running.add(query);
    const timer = setTimeout(() => this.overrun(ms), ms);
    return () => {
      clearTimeout(timer);
      this.running.delete(query);
    };
  }
}
