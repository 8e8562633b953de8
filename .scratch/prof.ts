// Profiles one list scenario in a loop (run with --cpu-prof).
import { openBenchApp } from '../bench/lib/table-bench.ts';
const bench = await openBenchApp();
const columns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
const q = new URLSearchParams({ draw: '1', start: '0', length: '25', totals: process.env.TOTALS ?? 'false' });
columns.forEach((c, i) => q.set(`columns[${i}][data]`, c));
const url = process.env.URL ?? `/api/sales?${q}`;
const N = Number(process.env.N ?? 5000);
for (let i = 0; i < 2000; i++) await bench.admin.inject({ url });
const t = performance.now();
for (let i = 0; i < N; i++) await bench.admin.inject({ url });
console.log('per request ms', ((performance.now() - t) / N).toFixed(3));
await bench.close();
