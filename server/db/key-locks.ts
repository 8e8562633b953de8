// Counting limits that hold under concurrency: a limit that counts recent rows and then records a new one is
// only a limit if no other request for the same key counts in between. The work runs in one transaction that
// first takes an advisory lock per key, so requests for a key take turns from the count to the record.
// Every statement runs on that transaction's client: the embedded database has one connection, and asking the
// pool for another inside the transaction would wait forever (there the one connection already takes turns).
import type pg from 'pg';
import { inTransaction } from './transaction.ts';

export function withKeyLocks<T>(pool: pg.Pool, keys: ReadonlyArray<string>, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    // Always in the same order: two requests sharing two keys never each hold the one the other waits for.
    for (const key of [...new Set(keys)].sort()) await client.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
    return work(client);
  });
}
