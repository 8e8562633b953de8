// What a database's busy connections are doing while a bench runs, sampled from pg_stat_activity: each
// sample counts every backend of the database in a statement (or idle inside a transaction) by what it waits
// for (CPU when nothing, a lock, IO, the client...) and the statement's opening words; a lock wait also names
// what it waits on (the relation, or the transaction holding a row: then the relations the blocker has
// written). Counts, not times: at a fixed interval each is proportional to the time spent so.
import pg from 'pg';

export interface WaitSampler {
  /** Stops sampling; the tallies, most frequent first. */
  stop(): Promise<{
    samples: number;
    busy: number;
    byWait: Array<[string, number]>;
    byStatement: Array<[string, number]>;
    lockedOn: Array<[string, number]>;
  }>;
}

const sampleSql = `
  select a.pid, a.state, coalesce(a.wait_event_type || ':' || a.wait_event, 'CPU') as wait,
         regexp_replace(left(a.query, 70), '\\s+', ' ', 'g') as statement,
         (select string_agg(distinct coalesce(l.relation::regclass::text, l.locktype), ',')
            from pg_locks l where l.pid = a.pid and not l.granted) as waiting_for,
         (select string_agg(distinct c.relname, ',' order by c.relname)
            from pg_locks l join pg_class c on c.oid = l.relation
           where l.pid = any(pg_blocking_pids(a.pid)) and l.mode = 'RowExclusiveLock' and c.relkind = 'r') as blockers_wrote
    from pg_stat_activity a
   where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'
     and a.state in ('active', 'idle in transaction')`;

/** Samples the database at `url` every `everyMs` until stopped. */
export function sampleWaits(url: string, everyMs = 100): WaitSampler {
  const client = new pg.Client({ connectionString: url, application_name: 'bench wait sampler' });
  const byWait = new Map<string, number>();
  const byStatement = new Map<string, number>();
  const lockedOn = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const loop = (async () => {
    await client.connect();
    while (running) {
      const began = performance.now();
      const rows = (
        await client.query<{ state: string; wait: string; statement: string; waiting_for: string | null; blockers_wrote: string | null }>(
          sampleSql,
        )
      ).rows;
      samples++;
      for (const r of rows) {
        busy++;
        const wait = r.state === 'idle in transaction' ? 'idle in transaction' : r.wait;
        add(byWait, wait);
        add(byStatement, `${wait} | ${r.statement}`);
        if (r.waiting_for) add(lockedOn, `${r.waiting_for}${r.blockers_wrote ? ` (blocker wrote ${r.blockers_wrote})` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - began))));
    }
    await client.end();
  })();
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    async stop() {
      running = false;
      await loop;
      return { samples, busy, byWait: sorted(byWait), byStatement: sorted(byStatement), lockedOn: sorted(lockedOn) };
    },
  };
}
