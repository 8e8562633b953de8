// The daily sales table's config as the server hands it to its island (server/table-screen/table-config.ts),
// for the unit tests of the island's plain parts: the columns a test needs, the rest as the screen has it.
import type { TableConfig } from '../../common/table-config.ts';

/** The sales table with `columns`, newest day first, 25 rows a page, read-only but for exports; `more` over that. */
export function salesTableConfig(columns: TableConfig['columns'], more: Partial<TableConfig> = {}): TableConfig {
  return {
    resource: 'sales',
    title: 'Daily sales',
    listUrl: '/api/sales',
    pagePath: '/sales',
    key: 'SaleID',
    columns,
    fields: [],
    defaultSort: [{ column: 'SaleDate', dir: 'desc' }],
    pageSize: 25,
    can: { add: false, edit: false, delete: false, export: true },
    detail: false,
    storeScoped: true,
    warnings: 'console',
    ...more,
  };
}
