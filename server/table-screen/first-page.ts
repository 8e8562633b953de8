// The first page of a table screen, read on the server as the island's first list call would read it (the
// definition's default sort and page size, the store selection the page's URL names): the rows are in the
// page before any script arrives, and the island hydrates with them instead of asking again.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import { storesParam } from '../../common/store-selection.ts';
import type { TablePage } from '../../common/table-config.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { listRows } from '../table-api/list/list.ts';
import { listResponse } from '../table-api/list/list-response.ts';
import { parseTableRequest } from '../table-api/request/table-request.ts';
import type { ListLimits } from '../table-api/query/filter.ts';

export async function firstPage(
  pool: pg.Pool,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  stores: number[] | null,
  limits: ListLimits,
): Promise<TablePage> {
  const params = new Map<string, string[]>([
    ['draw', ['1']],
    ['start', ['0']],
    ['length', [String(def.pageSize)]],
  ]);
  if (stores?.length) params.set('stores', [storesParam(stores)]);
  const request = parseTableRequest(def, params);
  const rows = await listRows(pool, def, request, user, served, limits);
  return listResponse(request, rows) as unknown as TablePage;
}
