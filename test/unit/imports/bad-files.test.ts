// Files an import cannot take, each refused with its own message and status (400, or 413 for what is too
// large), never a crash: files of another kind, empty ones, a header alone, and CSV whose shape is broken.
// (Workbook-only refusals are in xlsx.test.ts, the upload's size in upload.test.ts.)
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fileOf, limitsWith, refusalOf, zipFile } from '../../support/import-files.ts';
import { defaultMessages as m, msg } from '../../../server/messages.ts';
import { MAX_COLUMNS, MAX_RECORD_BYTES, readCsvStream } from '../../../server/imports/index.ts';

const refused = (message: string, line?: number, status = 400) => ({ status, message, line });

describe('not a CSV file or a workbook', () => {
  test('a PDF, a PNG, a JPEG, a gzip and random bytes', async () => {
    const files = [
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
      Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08]), randomBytes(200)]),
      Buffer.concat([Buffer.from([1, 2, 0, 0, 7]), randomBytes(4000)]),
    ];
    for (const bytes of files) assert.deepEqual(await refusalOf(fileOf(bytes)), refused(m.importNotTable));
  });

  test('an old Excel workbook (.xls), or a protected .xlsx: the compound file Office wraps both in', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    assert.deepEqual(await refusalOf(fileOf(xls, 'old.xls')), refused(m.importOldExcel));
  });

  test('a zip that is not a workbook: empty, of other files, a Word document', async () => {
    const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    assert.deepEqual(await refusalOf(fileOf(emptyZip)), refused(m.importNotTable));
    assert.deepEqual(await refusalOf(await zipFile({ 'notes.txt': 'hello' })), refused(m.importNotTable));
    const word = await zipFile({
      '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    });
    assert.deepEqual(await refusalOf(word), refused(m.importNotTable));
  });

  test('a file that starts like a zip and is none', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
    assert.deepEqual(await refusalOf(fileOf(broken)), refused(m.importWorkbookDamaged));
  });
});

describe('nothing to import', () => {
  test('an empty file, and one of blank lines and empty cells', async () => {
    assert.deepEqual(await refusalOf(fileOf('')), refused(m.importEmpty));
    assert.deepEqual(await refusalOf(fileOf('\r\n\r\n;;\r\n  \r\n')), refused(m.importEmpty));
    assert.deepEqual(await refusalOf(fileOf(Buffer.from([0xef, 0xbb, 0xbf]))), refused(m.importEmpty));
  });

  test('a header alone, with or without blank lines after it', async () => {
    assert.deepEqual(await refusalOf(fileOf('Store #,Date,Sales')), refused(m.importHeaderOnly));
    assert.deepEqual(await refusalOf(fileOf('Store #,Date,Sales\r\n\r\n,,\r\n')), refused(m.importHeaderOnly));
  });
});

describe('too large', () => {
  test('more rows than an import takes: 413 when the next row is reached', async () => {
    const file = fileOf(`A\n${'1\n'.repeat(11)}`);
    assert.deepEqual(await refusalOf(file, limitsWith({ maxRows: 10 })), refused(msg('importTooManyRows', '10'), undefined, 413));
  });

  test('a file larger than an import takes, even one that did not come through the upload', async () => {
    const file = fileOf(`A\n${'1\n'.repeat(600)}`);
    assert.deepEqual(await refusalOf(file, limitsWith({ maxBytes: 1000 })), refused(msg('importTooLarge', '1'), undefined, 413));
  });

  test('a header of more columns than any table has', async () => {
    const header = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    assert.deepEqual(await refusalOf(fileOf(`${header}\n1\n`)), refused(msg('importTooManyColumns', '1,000'), undefined, 413));
  });

  test('a line longer than the limit, in the header or below it', async () => {
    const long = 'x'.repeat(MAX_RECORD_BYTES + 10);
    assert.deepEqual(await refusalOf(fileOf(`${long}\n1\n`)), refused(msg('importLineTooLong', 'Line 1', '1,024'), 1));
    assert.deepEqual(await refusalOf(fileOf(`\r\n\n${long}${long}`)), refused(msg('importLineTooLong', 'Line 3', '1,024'), 3));
    assert.deepEqual(await refusalOf(fileOf(`A,B\n1,2\n\n3,${long}\n`)), refused(msg('importLineTooLong', 'Line 4', '1,024'), 4));
  });
});

describe('broken CSV', () => {
  test('a row with more values than the header: its separators or quotes are wrong', async () => {
    const file = fileOf('A,B\n1,2\n"x\ny",2,3\n');
    assert.deepEqual(await refusalOf(file), refused(msg('importTooManyCells', 'Line 3', 3, 2), 3));
  });

  test('a quote never closed is refused at the line it opens on', async () => {
    const file = fileOf('A,B\r\n1,"two\r\nlines"\r\n3,"open\r\n4,5\r\n6,7\r\n');
    assert.deepEqual(await refusalOf(file), refused(msg('importQuoteNotClosed', 'Line 4'), 4));
  });

  test('rows before a refusal are read; the refusal comes where the reader gets to it', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},"a\r\nb"`).join('\r\n');
    const file = fileOf(`A,B\r\n${rows}\r\nbad,1,2\r\n`);
    assert.deepEqual(await refusalOf(file), refused(msg('importTooManyCells', 'Line 6,002', 3, 2), 6002));
  });
});

describe('CSV sent as a stream (a request body)', () => {
  const stream = (...chunks: Array<string | Buffer>) =>
    (async function* () {
      for (const chunk of chunks) yield Buffer.from(chunk);
    })();

  test('read as it comes, by the same rules', async () => {
    const table = await readCsvStream(stream('Store;Sales\r', '\n1;1,5\r\n'), limitsWith());
    const rows = [];
    for await (const row of table) rows.push(row);
    assert.deepEqual([table.header, rows], [['Store', 'Sales'], [{ line: 2, cells: ['1', '1,5'] }]]);
  });

  test('a workbook, which cannot be read from a stream, and a body over the limit', async () => {
    await assert.rejects(readCsvStream(stream(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'rest'), limitsWith()), {
      statusCode: 400,
      message: m.importCsvOnly,
    });
    await assert.rejects(readCsvStream(stream('A\n', 'x'.repeat(2000)), limitsWith({ maxBytes: 1000 })), {
      statusCode: 413,
      message: msg('importTooLarge', '1'),
    });
  });
});
