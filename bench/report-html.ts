// The sales-by-store report as HTML for one cycle (the last 30 days with sales) over every store, as the
// report screen asks for it (GET /reports with the report, HTML4.0 and the dates), timed by the server
// (Fastify's time, routing to answer written) on the bench database: 1M daily sales over 500 stores by
// default, or a chain (`npm run seed -- --stores 5000 --sales-rows 10000000` into BENCH_DATABASE). Target
// (the chain-scale issue): 1 s or less at 5,000 stores. Cold is the first after start; warm, the median of 10.
//   BENCH_DATABASE=backroom_chain NODE_ENV=production DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-html.ts
import { format, subDays } from 'date-fns';
import { openBenchApp } from './lib/table-bench.ts';
import { percentile, report } from './report.ts';

const bench = await openBenchApp();
try {
  const { rows } = await bench.db.pool.query<{ last: Date; stores: number }>(
    'select max(sale_date) as last, (select count(*)::int from stores) as stores from sales',
  );
  const { last, stores } = rows[0]!;
  const range = { FromDate: format(subDays(last, 29), 'dd/MM/yyyy'), ToDate: format(last, 'dd/MM/yyyy') };
  const url = `/reports?${new URLSearchParams({ report: 'sales-by-store', format: 'HTML4.0', ...range })}`;
  console.log(`  ${bench.kind}, ${bench.rows} daily sales, ${stores} stores; ${range.FromDate} to ${range.ToDate}`);
  const once = async (): Promise<{ ms: number; bytes: number; rows: number }> => {
    const res = await bench.admin.inject({ url, headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms: bench.served.ms, bytes: res.rawPayload.length, rows: res.body.split('<tr').length - 1 };
  };
  const cold = await once();
  const warm: number[] = [];
  for (let i = 0; i < 10; i++) warm.push((await once()).ms);
  console.log(`  ${cold.rows} table rows, ${(cold.bytes / 1024).toFixed(0)} KB of HTML`);
  report({ name: 'sales-by-store, one cycle, HTML: cold', value: cold.ms, unit: 'ms', target: { op: '<=', value: 1000 } });
  report({ name: 'sales-by-store, one cycle, HTML: warm p50', value: percentile(warm, 50), unit: 'ms', target: { op: '<=', value: 1000 } });
} finally {
  await bench.close();
}
