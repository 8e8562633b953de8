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

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let committing = false;
  try {
    await client.query('begin');
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
