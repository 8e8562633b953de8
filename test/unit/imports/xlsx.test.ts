// .xlsx files read into rows (server/imports/): cells as text in one documented form each, as another program
// (exceljs here) writes them; the parts of the format that writers differ on; formulas refused; and packages
// built to hurt (a zip bomb, a directory that lies) refused before they can.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { fileOf, limitsWith, readAll, refusalOf, textCell, workbookFile, workbookParts, zipFile } from '../../support/import-files.ts';
import { defaultMessages as m, msg } from '../../../server/messages.ts';

const refused = (message: string, line?: number, status = 400) => ({ status, message, line });

describe('cells as text', () => {
  test('numbers, dates, times, booleans, rich and plain text, as exceljs writes them (shared strings, styles)', async () => {
    const path = await workbookFile((sheet) => {
      sheet.addRow(['Store #', ' Date ', 'Sales', 'Margin', 'Open', 'Name', 'Opened at', 'Closes']);
      const row = sheet.addRow([
        1001,
        new Date(Date.UTC(2026, 2, 7)),
        1234.5,
        0.1234,
        true,
        '=1+2',
        new Date(Date.UTC(2026, 2, 7, 14, 30, 15)),
        0.75,
      ]);
      row.getCell(3).numFmt = '"$"#,##0.00';
      row.getCell(4).numFmt = '0.00%';
      row.getCell(7).numFmt = 'dd/mm/yyyy hh:mm';
      row.getCell(8).numFmt = 'h:mm AM/PM';
      sheet.addRow([
        1002,
        new Date(Date.UTC(1999, 11, 31)),
        -0.5,
        1.1000000000000001,
        false,
        { richText: [{ text: 'Big ' }, { font: { bold: true }, text: 'Store' }] },
      ]);
      // Empty rows below, some only formatted: skipped.
      sheet.getRow(6).getCell(2).numFmt = '0.00';
      sheet.getRow(7).values = [];
    });
    assert.deepEqual(await readAll(path), {
      header: ['Store #', 'Date', 'Sales', 'Margin', 'Open', 'Name', 'Opened at', 'Closes'],
      headerLine: 1,
      rows: [
        { line: 2, cells: ['1001', '2026-03-07', '1234.5', '0.1234', 'TRUE', '=1+2', '2026-03-07T14:30:15', '18:00:00'] },
        { line: 3, cells: ['1002', '1999-12-31', '-0.5', '1.1', 'FALSE', 'Big Store', '', ''] },
      ],
    });
  });

  test('inline strings, escapes, prefixed elements, gaps between cells and rows, a phonetic guide left out', async () => {
    const sheetData = [
      `<row r="2">${textCell('A2', 'Key')}${textCell('C2', 'Note')}</row>`,
      `<row r="5"><c r="A5"><v>7</v></c><c r="C5" t="inlineStr"><is><t xml:space="preserve"> a &amp;lt; b_x000D_&#10;c </t></is></c></row>`,
      `<row r="9"><c r="A9" t="s"><v>0</v></c><c r="B9" t="e"><v>#N/A</v></c><c r="C9" t="s"><v>1</v></c></row>`,
    ].join('');
    const sharedStrings = '<si><t>_x005F_x0041_ kept</t></si><si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>';
    const parts = workbookParts(sheetData, { sharedStrings });
    parts['xl/worksheets/sheet1.xml'] = parts['xl/worksheets/sheet1.xml']!.replace(/<(\/?)(?=[a-zA-Z])/g, '<$1x:').replace(
      '<x:worksheet xmlns=',
      '<x:worksheet xmlns:x=',
    );
    assert.deepEqual(await readAll(await zipFile(parts)), {
      header: ['Key', '', 'Note'],
      headerLine: 2,
      rows: [
        { line: 5, cells: ['7', '', ' a &lt; b\r\nc '] },
        { line: 9, cells: ['_x0041_ kept', '#N/A', '東京'] },
      ],
    });
  });

  test('dates of a workbook counting from 1904, and a custom date format', async () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="170" formatCode="[$-409]d\\ mmmm\\ yyyy;@"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="170"/></cellXfs>';
    const sheetData = `<row r="1">${textCell('A1', 'Day')}</row><row r="2"><c r="A2" s="1"><v>44626</v></c></row>`;
    const parts = workbookParts(sheetData, { styles, workbookPr: '<workbookPr date1904="1"/>' });
    assert.deepEqual((await readAll(await zipFile(parts))).rows, [{ line: 2, cells: ['2026-03-07'] }]);
  });

  test("Excel's 1900 days: it counts a 29 February 1900 that never was, so the days before it are a day later", async () => {
    const styles = '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
    const days = [1, 59, 60, 61, 0.25];
    const sheetData = `<row r="1">${textCell('A1', 'Day')}</row>${days.map((d, i) => `<row r="${i + 2}"><c r="A${i + 2}" s="1"><v>${d}</v></c></row>`).join('')}`;
    const { rows } = await readAll(await zipFile(workbookParts(sheetData, { styles })));
    assert.deepEqual(
      rows.map((r) => r.cells[0]),
      ['1900-01-01', '1900-02-28', '1900-02-29', '1900-03-01', '06:00:00'],
    );
  });

  test('the first visible sheet is read, found through the relationships', async () => {
    const path = await workbookFile((hidden, book) => {
      hidden.state = 'hidden';
      hidden.addRow(['Secret']);
      hidden.addRow(['x']);
      const shown = book.addWorksheet('Shown');
      shown.addRow(['Name']);
      shown.addRow(['y']);
    });
    assert.deepEqual((await readAll(path)).rows, [{ line: 2, cells: ['y'] }]);
  });
});

describe('refused', () => {
  test('a formula cell: its cell named, and the way to import its values', async () => {
    const path = await workbookFile((sheet) => {
      sheet.addRow(['A', 'B', 'C']);
      sheet.addRow([1, 2, 3]);
      sheet.addRow([1, 2, { formula: 'A3+B3', result: 3 }]);
    });
    assert.deepEqual(await refusalOf(path), refused(msg('importFormula', 'C3'), 3));
  });

  test('a sheet without rows, and a header alone', async () => {
    assert.deepEqual(await refusalOf(await workbookFile(() => {})), refused(m.importEmpty));
    assert.deepEqual(await refusalOf(await workbookFile((sheet) => sheet.addRow(['A', 'B']))), refused(m.importHeaderOnly));
  });

  test('a row with a value past the header, named by its row', async () => {
    const path = await workbookFile((sheet) => {
      sheet.addRow(['A', 'B']);
      sheet.getRow(4).values = [1, 2, null, 'x'];
    });
    assert.deepEqual(await refusalOf(path), refused(msg('importTooManyCells', 'Row 4', 4, 2), 4));
  });

  test('a workbook without a worksheet, parts that are not XML, a text cell pointing past the shared strings', async () => {
    const parts = workbookParts('');
    delete parts['xl/worksheets/sheet1.xml'];
    assert.deepEqual(await refusalOf(await zipFile(parts)), refused(m.importNoWorksheet));
    const broken = { ...workbookParts(''), 'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row>' };
    assert.deepEqual(await refusalOf(await zipFile(broken)), refused(m.importWorkbookDamaged));
    const pointsPast = workbookParts(`<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c></row>`, {
      sharedStrings: '<si><t>Name</t></si><si><t>x</t></si>',
    });
    assert.deepEqual(await refusalOf(await zipFile(pointsPast)), refused(m.importWorkbookDamaged));
  });

  test('entities a DOCTYPE declares are not expanded (a billion laughs)', async () => {
    const doctype = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const parts = workbookParts(`<row r="1">${textCell('A1', 'H')}</row><row r="2">${textCell('A2', '&b;')}</row>`);
    parts['xl/worksheets/sheet1.xml'] = parts['xl/worksheets/sheet1.xml']!.replace('<worksheet', `${doctype}<worksheet`);
    assert.deepEqual(await refusalOf(await zipFile(parts)), refused(m.importWorkbookDamaged));
  });
});

describe('zip bombs', () => {
  const limit = 1024 * 1024;
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => `<row r="${i + 2}">${textCell(`A${i + 2}`, 'x'.repeat(100))}</row>`).join('');

  test('a package whose directory says it unpacks past the limit is refused before anything is inflated', async () => {
    const parts = workbookParts(`<row r="1">${textCell('A1', 'H')}</row>${rows(12_000)}`);
    const path = await zipFile(parts);
    assert.ok(readFileSync(path).length < limit / 10, 'it packs small');
    assert.deepEqual(
      await refusalOf(path, limitsWith({ maxUnpackedBytes: limit })),
      refused(msg('importUnpackedTooLarge', '1'), undefined, 413),
    );
  });

  test('a streamed part of unknown size that inflates past the limit is stopped', async () => {
    // yazl writes a streamed part's size only after its data: the directory still has it, so it is refused there too.
    const sheet = Readable.from(
      (function* () {
        yield `<worksheet><sheetData><row r="1">${textCell('A1', 'H')}</row>`;
        for (let i = 0; i < 100; i++) yield rows(120);
        yield '</sheetData></worksheet>';
      })(),
    );
    const path = await zipFile({ ...workbookParts(''), 'xl/worksheets/sheet1.xml': sheet });
    assert.equal((await refusalOf(path, limitsWith({ maxUnpackedBytes: limit }))).status, 413);
  });

  test('a directory that says less than a part inflates to: stopped as soon as it passes what was said', async () => {
    const parts = workbookParts(`<row r="1">${textCell('A1', 'H')}</row>${rows(12_000)}`);
    const bytes = readFileSync(await zipFile(parts));
    // The central directory entry of the sheet: its uncompressed size (at 24) made 1,000 bytes.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    let at = -1;
    const entrySignature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    for (let i = bytes.indexOf(entrySignature); i !== -1; i = bytes.indexOf(entrySignature, i + 4)) {
      if (bytes.subarray(i + 46, i + 46 + name.length).equals(name)) at = i;
    }
    assert.ok(at > 0);
    bytes.writeUInt32LE(1000, at + 24);
    assert.deepEqual(await refusalOf(fileOf(bytes), limitsWith({ maxUnpackedBytes: limit })), refused(m.importWorkbookDamaged));
  });
});
