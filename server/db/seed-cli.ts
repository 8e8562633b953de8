// `npm run seed [-- --sales-rows N]`: seeds the demo data if absent (the whole sales history at once), and
// grows daily sales to N rows.
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openDatabase } from './index.ts';
import { ensureSeeded } from './first-start.ts';
import { loadSalesHistory } from './sales-history.ts';
import { growSales } from './sales-rows.ts';

const { values } = parseArgs({ options: { 'sales-rows': { type: 'string' } } });
const config = readConfig();
// Growing millions of rows takes statements longer than a request's deadline: this tool sets none.
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await ensureSeeded(db.pool, config);
  let shown = false;
  await loadSalesHistory(db.pool, { onProgress: (percent) => (shown = process.stdout.write(`\rsales history: ${percent} %`)) });
  if (shown) process.stdout.write('\n');
  const rows = Number(values['sales-rows'] ?? 0);
  if (rows > 0) {
    const started = Date.now();
    const total = await growSales(db.pool, { rows });
    await db.pool.query('analyze sales');
    console.log(`sales now holds ${total} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await db.close();
}
