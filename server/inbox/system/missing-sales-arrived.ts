// A "Daily sales missing" alert is cleared once the day arrives: after sales are written (an import, the feed,
// the table API's add or an undo putting a deleted sale back), the stores and days they fill are no longer
// missing (sales_missing_alerts), and each user's alert for a day is marked read once none of the stores it
// was about for them is missing any more; their badges follow through the hub. Every write of sales does it
// through a SalesArrival made for the write: the follow-up the sales definition declares (change-follow-up.ts).
// In two halves, and only the stores and days added: at close of day 5,000 stores each clear their own row at
// once, and none waits for another's (a statement clearing every arrived store of the day made each wait on the
// rows the others were clearing). A store already cleared writes nothing. The alerts are looked at after the
// clearing has committed, so of two stores clearing a day's last rows at once, the later to commit sees both
// gone and marks the alerts read (in one transaction, each saw the other's row still there, and neither did).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { changeTables, SYSTEM, type TableName } from '../../db/table-changes.ts';
import type { ChangeFollowUp, FollowUpOfWrites, RowValues } from '../../table-api/change/change-follow-up.ts';
import { seesStoreSql } from '../../stores/visible-stores.ts';
import { publishUnread } from '../inbox-events.ts';

/** A store's day of sales added (yyyy-MM-dd). */
interface StoreDay {
  store: number;
  day: string;
}

/** The follow-up of a write of sales, as their definition declares it (server/resources/sales.ts). */
export const salesArrival: FollowUpOfWrites = (app, pool) => new SalesArrival(app, pool);

/**
 * One write's clearing: the days it fills cleared in its transactions (or each of them: the table API's rows
 * commit one by one; an import clears them as it ends), then, once they have committed, the alerts of the
 * days cleared answered. A row fills its day when it is new (added, or put back by an undo) or moved to
 * another store or day (no edit moves one today: both are set when it is added); an edit of its figures
 * fills none, and costs no statement.
 */
class SalesArrival implements ChangeFollowUp {
  /** What the clearing changes: announced with the write (no figures read it, so naming it costs nothing). */
  readonly tables: ReadonlyArray<TableName> = ['sales_missing_alerts'];
  readonly #app: FastifyInstance;
  /** The stores' days the rows noted fill, to clear in the next transaction asked. */
  #filled: StoreDay[] = [];
  /** Where the alerts are looked at: the write's pool (the feed's own), the app's by default. */
  readonly #pool: pg.Pool;
  /** The days whose missing stores were cleared, in transactions that have committed or are about to. */
  readonly #cleared = new Set<string>();

  constructor(app: FastifyInstance, pool: pg.Pool = app.db.pool) {
    this.#app = app;
    this.#pool = pool;
  }

  note(rows: ReadonlyArray<RowValues>): void {
    for (const { before, row } of rows) if (row && fillsDay(before, row)) this.#filled.push(saleDay(row));
  }

  /** The first half, in the write's transaction: the days noted no longer missing. */
  async inTransaction(client: pg.PoolClient): Promise<void> {
    // Taken first: a failed statement rolls its rows back, and their days are not the next transaction's.
    const filled = this.#filled;
    this.#filled = [];
    for (const day of await clearMissingSales(client, filled)) this.#cleared.add(day);
  }

  /**
   * The second half, once the write has committed: the alerts of the days cleared answered. A failure is
   * logged and leaves them unread (the write stands); a write that cleared nothing asks nothing.
   */
  async afterRows(): Promise<void> {
    await alertsAnswered(this.#app, this.#pool, [...this.#cleared]).catch((err: unknown) =>
      this.#app.log.error({ err }, 'sales arrived: missing-sales alerts not read'),
    );
  }
}

/** The store's day a sale names: its StoreID and SaleDate. */
function saleDay(row: Readonly<Record<string, unknown>>): StoreDay {
  return { store: Number(row.StoreID), day: String(row.SaleDate) };
}

/** Whether a sale written fills its store's day: it is new, or it is on another store or day than it was. */
function fillsDay(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>>): boolean {
  return before === null || before.StoreID !== after.StoreID || before.SaleDate !== after.SaleDate;
}

/**
 * The first half's statement, in the write's transaction: `added` no longer missing. The days (yyyy-MM-dd)
 * whose missing stores were cleared, to give to alertsAnswered once it has committed.
 */
async function clearMissingSales(db: pg.Pool | pg.PoolClient, added: ReadonlyArray<StoreDay>): Promise<string[]> {
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
async function alertsAnswered(app: FastifyInstance, pool: pg.Pool, days: ReadonlyArray<string>): Promise<number[]> {
  if (days.length === 0) return [];
  const users = await changeTables(
    app.db.pool,
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
    { changed: (ids) => ids.length > 0 },
  );
  await Promise.all(users.map((id) => publishUnread(app, id)));
  return users;
}
