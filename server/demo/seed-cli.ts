// `npm run seed [-- --stores N] [-- --sales-rows N]`: seeds the demo data if absent (the whole sales history at
// once), adds stores up to N (a chain: `--stores 5000 --sales-rows 10000000`), and plans and loads days of
// daily sales until there are about N rows. Resumable: run it again after a stop and it goes on.
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { ensureSeeded } from './first-start.ts';
import { loadSalesHistory } from './sales-history.ts';
import { planSalesGrowth } from './sales-growth.ts';
import { addStoresUpTo } from './seed-stores.ts';

const { values } = parseArgs({ options: { stores: { type: 'string' }, 'sales-rows': { type: 'string' } } });

/** A count given on the command line: a whole number from 1, or absent. */
function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} takes a whole number from 1 (got "${text}")`);
    process.exit(2);
  }
  return n;
}

const stores = count('stores', values.stores);
const rows = count('sales-rows', values['sales-rows']);
const config = readConfig();
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
// Growing millions of rows takes statements longer than a request's deadline: this tool sets none.
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // A new database asked for a number of rows gets its history planned by that number alone, not 1,100 days first.
  await ensureSeeded(db.pool, config, { ...(stores && { stores }), ...(rows && { salesDays: 0 }) });
  if (stores) {
    const added = await addStoresUpTo(db.pool, stores);
    if (added) console.log(`added ${added} stores (${seconds()})`);
  }
  await load('sales history');
  if (rows) {
    const growth = await planSalesGrowth(db.pool, rows);
    if ('atMost' in growth) {
      console.error(`the stores can hold at most ${growth.atMost} rows of daily sales since they opened: add stores with --stores`);
      process.exitCode = 2;
    } else if (growth.planned) {
      console.log(`planned ${growth.days} days of sales for every store`);
      await load('daily sales');
    }
    const total = (await db.pool.query<{ n: number }>('select count(*)::int as n from sales')).rows[0]!.n;
    console.log(`sales now holds ${total} rows (${seconds()})`);
  }
} finally {
  await db.close();
}

/**
 * Loads the planned history, if any, showing its progress: on a terminal one line rewritten in place; into a
 * file or a pipe (a log, `| tee`) one line per step that moved the share on, as a carriage return there
 * only runs the steps together into one endless line.
 */
async function load(what: string): Promise<void> {
  const terminal = process.stdout.isTTY === true;
  let last: number | null = null;
  await loadSalesHistory(db.pool, {
    onProgress: (percent) => {
      if (terminal) process.stdout.write(`\r${what}: ${percent} %`);
      else if (percent !== last) process.stdout.write(`${what}: ${percent} %\n`);
      last = percent;
    },
  });
  if (last !== null) process.stdout.write(`${terminal ? '\n' : ''}${what} loaded (${seconds()})\n`);
}
