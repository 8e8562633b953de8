// A "Daily sales missing" alert is cleared once the day arrives: after sales are added (an import, the feed,
// the Add dialog), the stores of those days whose sales are now in are no longer missing
// (sales_missing_alerts), and each user's alert for a day is marked read once none of the stores it was about
// for them is missing any more; their badges follow through the hub.
import type { FastifyInstance } from 'fastify';
import { changeTables, SYSTEM } from '../../db/table-changes.ts';
import { inTransaction } from '../../db/transaction.ts';
import { seesStoreSql } from '../../stores/visible-stores.ts';
import { publishUnread } from '../inbox-events.ts';

/** Clears what the sales of `days` (yyyy-MM-dd) answered; the users whose alerts were cleared. */
export async function salesArrived(app: FastifyInstance, days: ReadonlyArray<string>): Promise<number[]> {
  if (days.length === 0) return [];
  const pool = app.db.pool;
  const users = await changeTables(
    pool,
    ['sales_missing_alerts', 'inbox'],
    SYSTEM,
    () =>
      inTransaction(pool, async (client) => {
        const cleared = await client.query<{ day: string }>(
          `delete from sales_missing_alerts m
           where m.sale_date = any($1::date[])
             and exists (select 1 from sales x where x.store_id = m.store_id and x.sale_date = m.sale_date)
           returning to_char(m.sale_date, 'YYYY-MM-DD') as day`,
          [days],
        );
        const topics = [...new Set(cleared.rows.map((r) => `sales-missing:${r.day}`))];
        if (topics.length === 0) return [];
        const read = await client.query<{ user_id: number }>(
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
      }),
    (cleared) => cleared.length > 0,
  );
  await Promise.all(users.map((id) => publishUnread(app, id)));
  return users;
}
