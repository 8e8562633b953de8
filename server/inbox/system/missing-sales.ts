// The daily check for missing sales: once at start and then every day at CHECK_HOUR, every active store
// open on the day before that has no daily sales row for it raises an alert, to the users who may read
// sales and see that store (administrators and head office every store, others their region's). Each store
// and day is raised once, however often the check runs and on however many instances: the day's stores are
// recorded in sales_missing_alerts and only those newly recorded are told (the key decides a race). A user
// gets one alert per check listing their stores, not one per store: a day whose upload failed everywhere
// is one alert, not 500. The cost is one probe of the sales key per store.
import type { FastifyInstance } from 'fastify';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { set } from 'date-fns/set';
import { subDays } from 'date-fns/subDays';
import { formatDate } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import { inTransaction } from '../../db/transaction.ts';
import { seesStoreSql } from '../../stores/visible-stores.ts';
import { passesRoleSql } from '../../users/role-sql.ts';
import { changeTables, SYSTEM } from '../../db/table-changes.ts';
import { publishNewItems } from '../inbox-events.ts';
import { storeItems, type SystemItem } from './raise.ts';

/** Local hour of the daily check: the previous day's uploads have had the night to arrive. */
export const CHECK_HOUR = 9;
/** Stores named in one alert's text; the rest are counted. */
const STORES_NAMED = 20;

/** The stores newly found missing their sales for `day` (yyyy-MM-dd), each alerted to its users; how many. */
export async function checkMissingSales(app: FastifyInstance, day: string): Promise<number> {
  const pool = app.db.pool;
  const check = () =>
    inTransaction(pool, async (client) => {
      const fresh = await client.query<{ store_id: number }>(
        `insert into sales_missing_alerts (sale_date, store_id)
       select $1::date, s.store_id from stores s
       where s.is_active and s.open_date <= $1::date
         and not exists (select 1 from sales x where x.store_id = s.store_id and x.sale_date = $1::date)
       on conflict do nothing
       returning store_id`,
        [day],
      );
      const stores = fresh.rows.map((r) => r.store_id);
      if (stores.length === 0) return { stores, ids: [] };
      const params: unknown[] = [stores, STORES_NAMED];
      const recipients = await client.query<{ user_id: number; n: number; names: string[] }>(
        `select u.user_id, count(*)::int as n,
         (array_agg(s.store_number || ' ' || s.name order by s.store_number, s.store_id))[1:$2] as names
       from users u
       left join groups g on g.group_id = u.group_id
       join stores s on s.store_id = any($1::int[]) and ${seesStoreSql('u', 'g', 's')}
       where u.is_active and ${passesRoleSql('u', 'sales', params)}
       group by u.user_id`,
        params,
      );
      const items: SystemItem[] = recipients.rows.map((r) => ({
        userId: r.user_id,
        kind: 'alert',
        severity: 'warning',
        title: msg('salesMissingTitle', r.n, formatDate(day)),
        body: msg(
          'salesMissingBody',
          r.n > r.names.length ? msg('salesMissingMore', r.names.join(', '), r.n - r.names.length) : r.names.join(', '),
        ),
        topic: `sales-missing:${day}`,
      }));
      return { stores, ids: await storeItems(client, items) };
    });
  const { stores, ids } = await changeTables(pool, ['sales_missing_alerts', 'inbox'], SYSTEM, check, {
    changed: (c) => c.stores.length > 0,
  });
  if (ids.length) await publishNewItems(app, ids);
  return stores.length;
}

/** The day before `now`, as the check names it (local time). */
export function dayBefore(now: Date): string {
  return format(subDays(now, 1), 'yyyy-MM-dd');
}

/** The next check after `now`: today at CHECK_HOUR, or tomorrow's once that has passed. */
export function nextCheck(now: Date): Date {
  const today = set(now, { hours: CHECK_HOUR, minutes: 0, seconds: 0, milliseconds: 0 });
  return today > now ? today : addDays(today, 1);
}

/** Checks now and then daily; a failed check is logged and the next one runs as planned. Returns the stop. */
export function startMissingSalesCheck(app: FastifyInstance): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const found = await checkMissingSales(app, dayBefore(new Date()));
      if (found) app.log.warn({ stores: found }, 'daily sales missing: alerts raised');
      else app.log.info('daily sales checked: none missing');
    } catch (err) {
      app.log.error({ err }, 'daily sales check failed');
    }
    if (stopped) return;
    timer = setTimeout(run, nextCheck(new Date()).getTime() - Date.now());
    timer.unref();
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
