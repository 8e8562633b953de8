// Benchmark of reading an import file (server/imports/): 1M daily sales rows as our own CSV export writes
// them (UTF-16LE with a byte-order mark, comma separated, amounts as "$1,234.50"), and 100k rows as our own
// Excel export writes them, each made in a temporary file first and then read row by row, as an import reads
// it. Prints rows per second and the process's peak RSS above what it held before reading, beside the
// targets: the import's whole budget is 50k rows/s with 100 MB above idle for 1M rows read, checked and
// written, so reading alone takes well under 20 s of it; a 100k-row workbook reads in a few seconds.
//   node --import tsx bench/import-read.ts [csvRows] [xlsxRows]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { printFigure } from './lib/table-bench.ts';
import { readImportFile } from '../server/imports/index.ts';
import { defaultLimits } from '../server/limits.ts';
import { cellKind, SheetWriter, zipWorkbook } from '../server/table-api/export/xlsx-writer.ts';

const csvRows = Number(process.argv[2] ?? 1_000_000);
const xlsxRows = Number(process.argv[3] ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'backroom-import-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const mb = (n: number) => n / 1024 / 1024;

/** A daily sale's displayed values, varied as a chain's are. */
function sale(i: number): string[] {
  const store = 1001 + (i % 5000);
  const day = new Date(Date.UTC(2023, 0, 1) + Math.floor(i / 5000) * 86_400_000);
  const amount = ((i * 7919) % 2_000_000) / 100 + 100;
  return [
    String(i + 1),
    String(store),
    `Store ${store}, ${['Main St', 'Mall "West"', 'Airport'][i % 3]}`,
    `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`,
    `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    String(100 + (i % 400)),
    `${((i % 4000) / 100).toFixed(2)}%`,
  ];
}
const header = ['ID', 'Store #', 'Store', 'Date', 'Sales', 'Transactions', 'Margin'];
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

async function write(path: string, chunks: Iterable<Buffer>): Promise<number> {
  await pipeline(Readable.from(chunks), createWriteStream(path));
  return statSync(path).size;
}

function* csvChunks(): Generator<Buffer> {
  yield Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header.join(',')}\r\n`, 'utf16le')]);
  for (let start = 0; start < csvRows; start += 1000) {
    let text = '';
    for (let i = start; i < Math.min(csvRows, start + 1000); i++) text += `${sale(i).map(csvField).join(',')}\r\n`;
    yield Buffer.from(text, 'utf16le');
  }
}

async function writeXlsx(path: string): Promise<number> {
  const kinds = [
    cellKind('text', 'integer'),
    cellKind('text', 'integer'),
    cellKind('text', 'text'),
    cellKind('date', 'date'),
    cellKind('currency', 'number'),
    cellKind('integer', 'integer'),
    cellKind('percent', 'number'),
  ];
  const writer = new SheetWriter(
    kinds,
    kinds.map(() => 12),
  );
  const sheet = Readable.from(
    (function* () {
      yield Buffer.from(writer.head(header));
      for (let i = 0; i < xlsxRows; i++) {
        const [id, store, name, , , transactions] = sale(i);
        const values = [
          id!,
          store!,
          name!,
          String(44927 + Math.floor(i / 5000)),
          String(((i * 7919) % 2_000_000) / 100 + 100),
          transactions!,
          String((i % 4000) / 10_000),
        ];
        yield Buffer.from(writer.rowXml(values));
      }
      yield Buffer.from(writer.end());
    })(),
    { objectMode: false },
  );
  await pipeline(zipWorkbook('Daily sales', sheet, writer), createWriteStream(path));
  return statSync(path).size;
}

/** Reads every row of `path`; the rows, seconds, and peak RSS above the RSS before reading. */
async function read(path: string, expected: number) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let rows = 0;
  let cells = 0;
  for await (const row of await readImportFile(path, defaultLimits.imports)) {
    rows++;
    cells += row.cells.length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (rows !== expected || cells !== expected * header.length) throw new Error(`read ${rows} rows, ${cells} cells of ${expected}`);
  return { rows, seconds, before, above: peak - before };
}

console.log(`import read bench: ${csvRows} CSV rows, ${xlsxRows} .xlsx rows`);
const csvPath = join(dir, 'sales.csv');
const csvBytes = await write(csvPath, csvChunks());
const csv = await read(csvPath, csvRows);
printFigure('CSV (UTF-16LE, as our export writes)', `${csvRows} rows, ${mb(csvBytes).toFixed(0)} MB`, '', null);
printFigure('CSV read time', `${csv.seconds.toFixed(2)} s`, '< 20 s', csvRows < 1_000_000 ? null : csv.seconds < 20);
printFigure('CSV read rate', `${Math.round(csv.rows / csv.seconds / 1000)}k rows/s`, '>= 50k rows/s', csv.rows / csv.seconds >= 50_000);
printFigure('RSS before reading', `${mb(csv.before).toFixed(0)} MB`, '', null);
printFigure('CSV peak RSS above that', `${mb(csv.above).toFixed(0)} MB`, '<= 100 MB', mb(csv.above) <= 100);
rmSync(csvPath);

const xlsxPath = join(dir, 'sales.xlsx');
const xlsxBytes = await writeXlsx(xlsxPath);
const xlsx = await read(xlsxPath, xlsxRows);
printFigure('.xlsx (as our export writes)', `${xlsxRows} rows, ${mb(xlsxBytes).toFixed(1)} MB`, '', null);
printFigure('.xlsx read time', `${xlsx.seconds.toFixed(2)} s`, '<= 5 s', xlsxRows < 100_000 ? null : xlsx.seconds <= 5);
printFigure('.xlsx read rate', `${Math.round(xlsx.rows / xlsx.seconds / 1000)}k rows/s`, '(informative)', null);
printFigure('.xlsx peak RSS above RSS before reading', `${mb(xlsx.above).toFixed(0)} MB`, '<= 100 MB', mb(xlsx.above) <= 100);
