// Runs a function on one connection inside a transaction: committed if it returns, rolled back if it throws.
// A commit the database could not answer (the connection lost as it was sent) may or may not have taken
// place: it fails with CommitInDoubt, so that a caller reporting what went in can say so.
import type pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.ts';

/** The database became unavailable while a commit was on its way: whether it took place is unknown. */
export class CommitInDoubt extends DatabaseUnavailableError {
  constructor(cause: unknown) {
    super('the database became unavailable during a commit', { cause });
  }
}

export interface TransactionOptions {
  /**
   * The caller always commits another write synchronously right after this one, which makes it durable too:
   * it commits without waiting for the disk (db/unflushed.ts), and so holds its rows' locks one WAL flush less.
   */
  flushedByNext?: boolean;
}

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  { flushedByNext = false }: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let committing = false;
  try {
    // Both in one round trip: a query without parameters may hold several statements.
    await client.query(flushedByNext ? 'begin; set local synchronous_commit to off' : 'begin');
    const result = await work(client);
    committing = true;
    await client.query('commit');
    return result;
  } catch (err) {
    // A connection that cannot even roll back (it was lost: pools.ts) is closed rather than handed to the next query.
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw committing && isDatabaseUnavailable(err) ? new CommitInDoubt(err) : err;
  } finally {
    client.release(broken);
  }
}
