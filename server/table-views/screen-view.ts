// The saved view a table screen opens with (issue 39): the one its address names (`?view=<id>`), else the
// signed-in person's default view of the table. An address naming a view that does not exist, that they may
// not open (another's private view) or of another table opens the table's own state with a notice saying
// so, never an error page. The island applies the view (islands/data-table/use-table-state.ts); the rows
// are the person's own whatever the view, as every list call applies their scope.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { TableView } from '../../common/table-views.ts';
import { msg } from '../messages.ts';
import { defaultView, openableView } from './table-views.ts';

export interface ScreenView {
  view: TableView | null;
  /** Where it came from: the address (which named it, or one that cannot be opened), or the person's default; null: neither. */
  from: 'address' | 'default' | null;
  /** Said above the table when the address named a view that cannot be opened; '' otherwise. */
  notice: string;
}

const LARGEST_ID = 2_147_483_647;

/** The view the screen of `table` opens with for `user`, the address's `view` parameter being `asked` (undefined: none). */
export async function screenView(pool: pg.Pool, user: CurrentUser, table: string, asked: unknown): Promise<ScreenView> {
  if (asked === undefined) {
    const view = await defaultView(pool, user, table);
    return { view, from: view ? 'default' : null, notice: '' };
  }
  const id = typeof asked === 'string' && /^[1-9]\d{0,9}$/.test(asked) ? Number(asked) : LARGEST_ID + 1;
  const view = id <= LARGEST_ID ? await openableView(pool, user, id) : null;
  return view?.Table === table ? { view, from: 'address', notice: '' } : { view: null, from: 'address', notice: msg('viewMissing') };
}
