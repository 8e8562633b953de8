// A store opens no later than its first sale: a sale is for a day its store was open (sale-day.ts), so an
// edit that moves the opening day past the store's earliest sale is refused on the field. Asked in the row's
// transaction, with the store's row locked by the edit; a sale being saved meanwhile holds its store's row
// shared while it checks the opening day (sale-day.ts), so the two checks cannot pass each other.
import { formatDate } from '../../common/format.ts';
import { msg } from '../messages.ts';
import type { RowCheck } from './resource-sql.ts';

export const openingBeforeSales: RowCheck = async (client, before, sent) => {
  const opening = sent.find((s) => s.column.name === 'OpenDate');
  if (!before || !opening) return null;
  const { rows } = await client.query<{ first: string }>(
    `select to_char(min(sale_date), 'YYYY-MM-DD') as first from sales where store_id = $1 having min(sale_date) < $2::date`,
    [before.StoreID, opening.value],
  );
  const first = rows[0]?.first;
  if (first === undefined) return null;
  const message = msg('storeOpensAfterSales', formatDate(first));
  return { error: message, fields: { OpenDate: message } };
};
