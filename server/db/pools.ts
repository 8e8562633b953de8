// Every connection pool of the app is made here, so that no connection can end the process when the database
// goes away under it (a restart, a failover, pg_terminate_backend, a network reset, the embedded database's
// process killed). pg reports a lost connection twice: it fails the statement under way (or the next one:
// "not queryable"), and it emits 'error' on the client. pg-pool listens for that 'error' only while a client
// is idle in the pool; on a checked-out client (an export's, a transaction's, a migration's) nobody did, and
// Node ends the process on an 'error' event nobody listens to. So each connection listens from its birth:
// whoever holds it learns of the loss from its statement, and the pool drops it when it is released.
// `lost` hears of each such loss (a read replica's pools stop being read at the first: read-replica.ts).
import pg from 'pg';

export function newPool(config: pg.PoolConfig, lost: (err: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle connection lost: the pool has already dropped it, and opens another when next asked.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}
