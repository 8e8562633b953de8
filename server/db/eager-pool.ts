// A pg Pool that puts a query on the wire as soon as it is asked for. pg-pool hands an idle connection over
// on the next tick, so a query waited behind the caller's remaining synchronous work and every promise
// continuation queued before it: a table request's parameter parsing, meant to run while the session lookup
// is in flight (plugins/session.ts), ran before the lookup was even sent (~0.07 ms of every signed-in
// request here). Handing the connection over at once changes nothing else: the deferred hand-over then
// finds no one waiting. It calls pg-pool's private _pulseQueue; should a release drop it, the pool behaves
// as the stock one (test/server/database.test.ts notices).
import pg from 'pg';

interface PoolInternals {
  _pulseQueue?: () => void;
}

export class EagerPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const result = callback ? super.connect(callback) : super.connect();
    // A pool that is ending refuses the caller itself; its own pulses wind it down, at their pace.
    if (!this.ending) (this as unknown as PoolInternals)._pulseQueue?.();
    return result;
  }
}
