// What the header's store selector names as "all": how many stores the user sees and, for a regional user,
// their region (the group whose stores they see), by the one rule of visible-stores.ts, so the label's
// count is the length of the selector's list and of every query's reach.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { StoreScope } from '../../common/store-scope-label.ts';
import { seesAllStores, storeScope } from './visible-stores.ts';

export async function loadStoreScope(pool: pg.Pool, user: CurrentUser): Promise<StoreScope> {
  const params: unknown[] = [];
  const where = storeScope(user, 's.store_id', undefined, params);
  const r = await pool.query<{ total: number }>(`select count(*)::int as total from stores s where ${where}`, params);
  // A regional user without a group sees no store: "All stores (0)" says so without an empty name.
  return { region: seesAllStores(user) || !user.GroupName ? null : user.GroupName, total: r.rows[0]?.total ?? 0 };
}
