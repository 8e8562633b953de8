// Rows are pulled, never pushed: a caller that stops taking rows stops the reading behind them, so a large
// file costs the memory of a few chunks whatever its size. Each test takes one row of a large file, lets the
// reader run until it reads no more, and finds it has read a small part of the file.
import { describe, mock, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { until } from '../../support/until.ts';
import { readCsvStream, readImportFile } from '../../../server/imports/index.ts';
import { cellKind, SheetWriter, zipWorkbook } from '../../../server/table-api/export/xlsx-writer.ts';
import { fileOf, limitsWith } from '../../support/import-files.ts';

const MB = 1024 * 1024;

/** Resolves once `count()` has stayed the same for `turns` turns of the event loop in a row. */
async function settled(count: () => number, turns = 50): Promise<void> {
  let same = 0;
  let last = count();
  while (same < turns) {
    await new Promise((resolve) => setImmediate(resolve));
    same = count() === last ? same + 1 : 0;
    last = count();
  }
}

describe('back-pressure', () => {
  test('CSV: taking one row of a 64 MB stream reads a few chunks of it, and closing ends the stream', async () => {
    let pulled = 0;
    let closed = false;
    const chunk = Buffer.from('1001,07/03/2026,"$1,234.50","a ""quoted""\r\nnote"\r\n'.repeat(1500));
    const source = (async function* () {
      try {
        yield Buffer.from('Store #,Date,Sales,Note\r\n');
        for (let i = 0; i < (64 * MB) / chunk.length; i++) {
          pulled += chunk.length;
          yield chunk;
        }
      } finally {
        closed = true;
      }
    })();
    const table = await readCsvStream(source, limitsWith());
    const rows = table[Symbol.asyncIterator]();
    assert.deepEqual((await rows.next()).value, { line: 2, cells: ['1001', '07/03/2026', '$1,234.50', 'a "quoted"\r\nnote'] });
    await settled(() => pulled);
    assert.ok(pulled < 2 * MB, `read ${pulled} bytes`);
    await table.close();
    assert.ok(closed, 'the source is closed');
  });

  test('.xlsx: taking one row of a 100,000-row workbook inflates a small part of its sheet', async () => {
    const path = fileOf('');
    const kinds = [cellKind('integer', 'integer'), cellKind('text', 'text')];
    const writer = new SheetWriter(kinds, [10, 20]);
    const sheet = Readable.from(
      (function* () {
        yield Buffer.from(writer.head(['Store #', 'Name']));
        for (let i = 0; i < 100_000; i++) yield Buffer.from(writer.rowXml([String(i), `Store number ${i}, somewhere`]));
        yield Buffer.from(writer.end());
      })(),
    );
    await pipeline(zipWorkbook('Stores', sheet, writer), fs.createWriteStream(path));
    const size = fs.statSync(path).size;

    let read = 0;
    const realRead = fs.read;
    mock.method(fs, 'read', (...args: unknown[]) => {
      const callback = args.at(-1) as (err: Error | null, bytes: number, ...rest: unknown[]) => void;
      return (realRead as (...a: unknown[]) => void)(...args.slice(0, -1), (err: Error | null, bytes: number, ...rest: unknown[]) => {
        read += bytes ?? 0;
        callback(err, bytes, ...rest);
      });
    });
    try {
      const table = await readImportFile(path, limitsWith());
      const rows = table[Symbol.asyncIterator]();
      assert.deepEqual((await rows.next()).value, { line: 2, cells: ['0', 'Store number 0, somewhere'] });
      // Reads come back from the disk between turns: wait until none has come for a while.
      let last = -1;
      await until(
        () => {
          const still = read === last;
          last = read;
          return still;
        },
        'reading to stop',
        { every: 50 },
      );
      assert.ok(size > MB, `the file is ${size} bytes`);
      assert.ok(read < size / 4, `read ${read} of ${size} bytes`);
      await table.close();
    } finally {
      mock.restoreAll();
    }
  });
});
