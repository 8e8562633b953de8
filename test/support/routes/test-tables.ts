// Test-only demo tables, which the test support adds to the app it builds: the data-table island over a list
// URL of the test's own whose answer is not the table API's, to drive the table configuration of spec sections
// 3, 4 and 7 in a browser. Each table holds 30 items ("Item 1"...); its list answers the items whose name
// contains the search, paged as asked, in its variant's way:
//   rows          GET, the rows under `result.rows` (rowsProperty), with the counts beside them;
//   bare          GET, the answer a bare array of the rows found (rowsProperty ''), no counts;
//   post          POST only (listMethod), the parameters in a form body;
//   refresh-left  GET in the table API's shape, and PATCH edits: the table leaves the refresh to the user
//                 (refreshAfterChange false); "Item 2" is always found changed meanwhile.
// Every list call is counted per variant (GET /test/tables/<variant>/calls), so a test can tell a call made.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row, TableConfig, TablePage } from '../../../common/table-config.ts';
import { renderIsland } from '../../../server/islands/render-island.ts';
import { testView } from '../views.ts';

const variants = ['rows', 'bare', 'post', 'refresh-left'] as const;
type Variant = (typeof variants)[number];

const items: Row[] = Array.from({ length: 30 }, (_, i) => ({ ItemID: i + 1, Name: `Item ${i + 1}`, Version: 1 }));

function demoConfig(variant: Variant): TableConfig {
  return {
    resource: `demo-${variant}`,
    title: 'Demo items',
    listUrl: `/test/tables/${variant}/list`,
    pagePath: `/test/tables/${variant}`,
    key: 'ItemID',
    version: 'Version',
    columns: [
      { name: 'ItemID', label: 'ID', type: 'integer', format: 'text', hidden: true, internal: true },
      { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
      { name: 'Version', label: 'Version', type: 'integer', format: 'integer', hidden: true, internal: true },
    ],
    fields: [{ name: 'Name', label: 'Name', kind: 'text', rules: { required: true, maxLength: 40 } }],
    defaultSort: [{ column: 'Name', dir: 'asc' }],
    pageSize: 10,
    can: { add: false, edit: variant === 'refresh-left', delete: false, export: false },
    detail: false,
    storeScoped: false,
    warnings: 'alert',
    ...(variant === 'rows' && { rowsProperty: 'result.rows' }),
    ...(variant === 'bare' && { rowsProperty: '' }),
    ...(variant === 'post' && { listMethod: 'POST' as const }),
    ...(variant === 'refresh-left' && { refreshAfterChange: false }),
  };
}

/** The items a list request asks for: those whose name holds the search, from `start`, `length` of them. */
function found(params: Record<string, unknown>): { rows: Row[]; filtered: number } {
  const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
  const search = text('search[value]').toLowerCase();
  const matching = items.filter((r) => String(r.Name).toLowerCase().includes(search));
  const start = Number(text('start')) || 0;
  const length = Number(text('length')) || 10;
  return { rows: length === -1 ? matching : matching.slice(start, start + length), filtered: matching.length };
}

function page(rows: Row[], filtered: number): TablePage {
  const now = new Date().toISOString();
  return {
    draw: 1,
    recordsTotal: items.length,
    recordsFiltered: filtered,
    data: rows,
    totals: null,
    totalsSyncedAt: null,
    countIsEstimate: false,
    syncedAt: now,
    next: null,
    prev: null,
  };
}

const pageView = testView('page');

export default async function testTableRoutes(app: FastifyInstance) {
  const calls: Record<string, number> = {};
  const answer = (variant: Variant, params: Record<string, unknown>) => {
    calls[variant] = (calls[variant] ?? 0) + 1;
    // A bare array has no counts: it holds every item found, and the table counts those.
    const { rows, filtered } = found(variant === 'bare' ? { ...params, length: '-1' } : params);
    if (variant === 'rows') return { recordsTotal: items.length, recordsFiltered: filtered, result: { rows } };
    if (variant === 'bare') return rows;
    return page(rows, filtered);
  };

  for (const variant of variants) {
    const config = demoConfig(variant);
    app.get(config.pagePath, async (_req, reply) => {
      const { rows, filtered } = found({});
      return reply.page(pageView, {
        title: `Demo table: ${variant}`,
        n: variant,
        next: '/test/page?n=0',
        island: await renderIsland('data-table', { config, initial: page(rows, filtered) }),
      });
    });
    const list = (req: FastifyRequest) => answer(variant, (variant === 'post' ? req.body : req.query) as Record<string, unknown>);
    if (variant === 'post') app.post(config.listUrl, async (req) => list(req));
    else app.get(config.listUrl, async (req) => list(req));
    app.get(`${config.pagePath}/calls`, async () => ({ calls: calls[variant] ?? 0 }));
  }

  // The edit of the table that leaves the refresh to the user: the row as stored, or "Item 2" changed meanwhile.
  app.patch('/test/tables/refresh-left/list', async (req) => {
    const body = req.body as { ItemID?: number; Name?: string; Version?: number };
    const item = items.find((r) => r.ItemID === Number(body.ItemID));
    if (!item || item.ItemID === 2)
      return { Succeed: [], Failed: [{ key: body.ItemID ?? null, error: 'changed meanwhile', conflict: true }], Data: [], Error: null };
    return { Succeed: [item.ItemID], Failed: [], Data: [{ ...item, Name: body.Name, Version: Number(item.Version) + 1 }], Error: null };
  });
}
