// A "Daily sales missing" alert is cleared once the day arrives: after sales are added (an import, the feed),
// the stores and days added are no longer missing (sales_missing_alerts), and each user's alert for a day is
// marked read once none of the stores it was about for them is missing any more; their badges follow through
// the hub.
// In two halves, and only the stores and days added: at close of day 5,000 stores each clear their own row at
// once, and none waits for another's (a statement clearing every arrived store of the day made each wait on the
// rows the others were clearing). A store already cleared writes nothing. The alerts are looked at after the
// clearing has committed, so of two stores clearing a day's last rows at once, the later to commit sees both
// gone and marks the alerts read (in one transaction, each saw the other's row still there, and neither did).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { changeTables, SYSTEM } from '../../db/table-changes.ts';
import { seesStoreSql } from '../../stores/visible-stores.ts';
import { publishUnread } from '../inbox-events.ts';

/** A store's day of sales added (yyyy-MM-dd). */
export interface StoreDay {
  store: number;
  day: string;
}

/**
 * The first half, in the transaction of the caller's choosing (an import's end): `added` no longer missing.
 * The days (yyyy-MM-dd) whose missing stores were cleared, to give to alertsAnswered once it has committed.
 */
export async function clearMissingSales(db: pg.Pool | pg.PoolClient, added: ReadonlyArray<StoreDay>): Promise<string[]> {
  if (added.length === 0) return [];
  const { rows } = await db.query<{ day: string }>(
    `delete from sales_missing_alerts m using unnest($1::int[], $2::date[]) a(store_id, sale_date)
     where m.store_id = a.store_id and m.sale_date = a.sale_date
       and exists (select 1 from sales x where x.store_id = m.store_id and x.sale_date = m.sale_date)
     returning to_char(m.sale_date, 'YYYY-MM-DD') as day`,
    [added.map((a) => a.store), added.map((a) => a.day)],
  );
  return [...new Set(rows.map((r) => r.day))];
}

/** The second half: the alerts of `days` none of whose stores is missing any more, marked read; the users told. */
export async function alertsAnswered(app: FastifyInstance, days: ReadonlyArray<string>): Promise<number[]> {
  if (days.length === 0) return [];
  const pool = app.db.pool;
  const users = await changeTables(
    pool,
    ['inbox'],
    SYSTEM,
    async () => {
      const read = await pool.query<{ user_id: number }>(
        `update inbox i set is_read = true, version = i.version + 1
         where i.topic = any($1::text[]) and i.kind = 'alert' and not i.is_read
           and not exists (
             select 1 from sales_missing_alerts m
             join stores s on s.store_id = m.store_id
             join users u on u.user_id = i.user_id
             left join groups g on g.group_id = u.group_id
             where m.sale_date = substr(i.topic, 15)::date and ${seesStoreSql('u', 'g', 's')})
         returning i.user_id`,
        [days.map((day) => `sales-missing:${day}`)],
      );
      return [...new Set(read.rows.map((r) => r.user_id))];
    },
    (ids) => ids.length > 0,
  );
  await Promise.all(users.map((id) => publishUnread(app, id)));
  return users;
}
