// Runs a function on one connection inside a transaction: committed if it returns, rolled back if it throws.
import type pg from 'pg';

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A lost connection fails the query under way, and the client also emits the error: with no listener
  // (the pool listens to idle clients only) that would end the process.
  const lost = (err: Error) => (broken = err);
  client.on('error', lost);
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    // A connection that cannot even roll back is closed rather than handed to the next query.
    if (!broken) await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}
