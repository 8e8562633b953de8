// A sale is for a day its store was open: not before the store's opening day. (A day after today is refused by
// the field's own rule, in the dialog and again on the server: common/resources/sales.ts.) Asked in the row's
// transaction, with the store's row held shared until it commits: the store read is the one the sale is
// stored against, and an edit of its opening day (store-opening.ts) waits for the sale, or the sale for it.
import { formatDate } from '../../common/format.ts';
import { msg } from '../messages.ts';
import type { ImportCheck, RowCheck, RowRuleFailure } from './resource-sql.ts';

export const saleDayAfterOpening: RowCheck = async (client, before, sent) => {
  const given = (name: string) => sent.find((s) => s.column.name === name);
  const store = given('StoreID');
  const day = given('SaleDate');
  // An edit that leaves both alone (neither is editable today) changes nothing this rule looks at.
  if (!store && !day) return null;
  const { rows } = await client.query<{ opened: string; late: boolean }>(
    `select to_char(open_date, 'YYYY-MM-DD') as opened, open_date > $2::date as late from stores where store_id = $1 for share`,
    [store?.value ?? before?.StoreID, day?.value ?? before?.SaleDate],
  );
  const opened = rows[0]?.late ? rows[0].opened : undefined;
  if (opened === undefined) return null;
  const message = msg('saleBeforeStoreOpened', formatDate(opened));
  return { error: message, fields: { SaleDate: message } };
};

/** saleDayAfterOpening for an import's batch: one query over all its rows (ImportCheck). */
export const saleDaysAfterOpening: ImportCheck = async (client, rows) => {
  const pairs = rows.map(({ before, sent }) => {
    const given = (name: string) => sent.find((s) => s.column.name === name)?.value;
    const store = given('StoreID');
    const day = given('SaleDate');
    return store === undefined && day === undefined ? null : { store: store ?? before?.StoreID, day: day ?? before?.SaleDate };
  });
  const asked = pairs.flatMap((p, i) => (p ? [{ ...p, i }] : []));
  const failures: Array<RowRuleFailure | null> = rows.map(() => null);
  if (asked.length === 0) return failures;
  const { rows: late } = await client.query<{ i: number; opened: string }>(
    `select x.i, to_char(s.open_date, 'YYYY-MM-DD') as opened
     from unnest($1::int[], $2::date[], $3::int[]) as x(store_id, day, i)
     join stores s on s.store_id = x.store_id
     where s.open_date > x.day
     order by s.store_id for share of s`,
    [asked.map((a) => a.store), asked.map((a) => a.day), asked.map((a) => a.i)],
  );
  for (const { i, opened } of late) {
    const message = msg('saleBeforeStoreOpened', formatDate(opened));
    failures[i] = { error: message, fields: { SaleDate: message } };
  }
  return failures;
};
