// A "Daily sales missing" alert is cleared once the day arrives: after sales are added (an import, the feed),
// the stores and days added are no longer missing (sales_missing_alerts), and each user's alert for a day is
// marked read once none of the stores it was about for them is missing any more; their badges follow through
// the hub.
// Two statements, each committed on its own, and only the stores and days added: at close of day 5,000 stores
// each clear their own row at once, and none waits for another's (a statement clearing every arrived store of
// the day made each wait on the rows the others were clearing). A store already cleared writes nothing. Each
// request looks at the users' alerts after its own clearing has committed, so of two stores clearing a day's
// last rows at once, the later to commit sees both gone and marks the alerts read (in one transaction, each
// saw the other's row still there, and neither did).
import type { FastifyInstance } from 'fastify';
import { changeTables, SYSTEM } from '../../db/table-changes.ts';
import { seesStoreSql } from '../../stores/visible-stores.ts';
import { publishUnread } from '../inbox-events.ts';

/** A store's day of sales added (yyyy-MM-dd). */
export interface StoreDay {
  store: number;
  day: string;
}

/** Clears what the sales of `added` answered; the users whose alerts were cleared. */
export async function salesArrived(app: FastifyInstance, added: ReadonlyArray<StoreDay>): Promise<number[]> {
  if (added.length === 0) return [];
  const pool = app.db.pool;
  const cleared = await changeTables(
    pool,
    ['sales_missing_alerts'],
    SYSTEM,
    async () =>
      (
        await pool.query<{ day: string }>(
          `delete from sales_missing_alerts m using unnest($1::int[], $2::date[]) a(store_id, sale_date)
           where m.store_id = a.store_id and m.sale_date = a.sale_date
             and exists (select 1 from sales x where x.store_id = m.store_id and x.sale_date = m.sale_date)
           returning to_char(m.sale_date, 'YYYY-MM-DD') as day`,
          [added.map((a) => a.store), added.map((a) => a.day)],
        )
      ).rows,
    (rows) => rows.length > 0,
  );
  const topics = [...new Set(cleared.map((r) => `sales-missing:${r.day}`))];
  if (topics.length === 0) return [];
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
        [topics],
      );
      return [...new Set(read.rows.map((r) => r.user_id))];
    },
    (ids) => ids.length > 0,
  );
  await Promise.all(users.map((id) => publishUnread(app, id)));
  return users;
}
