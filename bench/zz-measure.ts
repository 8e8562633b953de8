import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createTestApp, signIn } from '../test/support/app.ts';
import { tableReport } from '../server/reports/table-pdf/table-report.ts';
import { reportDocument } from '../server/reports/render.ts';
import { salesDef } from '../server/resources/sales.ts';
import { pdfOptions } from '../server/reports/pdf/page-layout.ts';
let gcMax = 0;
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) gcMax = Math.max(gcMax, e.duration);
}).observe({ entryTypes: ['gc'] });
const t = await createTestApp();
const manager = await signIn(t.app, 'manager');
const user = (await manager.inject({ url: '/api/common/current-user' })).json();
const { rows: stores } = await t.db.pool.query(`select store_id as id from stores where city = 'Seattle'`);
await t.db.pool.query(
  `insert into sales (store_id, sale_date, sales, transactions, margin)
     select s.id, (select max(sale_date) from sales) - d, 1000, 100, 0.2 from unnest($1::int[]) s(id) cross join generate_series(0, 3999) d
     on conflict (store_id, sale_date) do nothing`,
  [stores.map((s) => s.id)],
);
const def = salesDef;
const phase = async <T>(name: string, work: () => Promise<T>) => {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  gcMax = 0;
  const t0 = performance.now();
  const r = await work();
  const ms = performance.now() - t0;
  h.disable();
  await new Promise((r) => setTimeout(r, 20));
  console.log(name, 'ms', ms.toFixed(0), 'maxblock', (h.max / 1e6).toFixed(0), 'gcmax', gcMax.toFixed(0));
  return r;
};
for (let i = 0; i < 3; i++) {
  const rep = await phase('tableReport', () => tableReport(t.app, def, { 'search[value]': 'Seattle' }, user));
  const doc = await phase('document', () => reportDocument(t.app, rep.title, rep.html));
  await t.app.pdf.withPage(async (page) => {
    await phase('setContent', () => page.setContent(doc, { waitUntil: 'load' }));
    await phase('pdf', () => page.pdf(pdfOptions({ title: 'x', printed: 'y', landscape: false })));
  });
}
await t.close();
