// A sale is for a day its store was open: not before the store's opening day. (A day after today is refused by
// the field's own rule, in the dialog and again on the server: common/resources/sales.ts.) Asked in the row's
// transaction, with the store's row held shared until it commits: the store read is the one the sale is
// stored against, and an edit of its opening day (store-opening.ts) waits for the sale, or the sale for it.
import { formatDate } from '../../common/format.ts';
import { msg } from '../messages.ts';
import type { ImportKeyCheck, RowCheck } from './resource-sql.ts';

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

/**
 * saleDayAfterOpening for the sales an import adds, asked by their keys (a store's id and a day) in the
 * statement that looks the batch's rows up (ImportKeyCheck): the stores of those refused held shared, as there.
 */
export const saleDaysAfterOpening: ImportKeyCheck = {
  sql: (keys) => `select x.i, to_char(s.open_date, 'YYYY-MM-DD') as opened
     from ${keys} x join stores s on s.store_id = x.k0
     where s.open_date > x.k1
     order by s.store_id for share of s`,
  failure: ({ opened }) => {
    const message = msg('saleBeforeStoreOpened', formatDate(String(opened)));
    return { error: message, fields: { SaleDate: message } };
  },
};
