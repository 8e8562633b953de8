// CSV files read into rows (server/imports/): every encoding the reader takes, each separator, quoting as
// spreadsheets write it, the line each row starts on, and the rule that decides between UTF-8 and
// Windows-1252 when there is no byte-order mark.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { fileOf, readAll, refusalOf, utf16be, utf16le } from '../../support/import-files.ts';
import { defaultMessages as m } from '../../../server/messages.ts';

const text = 'Store #,Name,Sales\r\n1001,Café Zürich — 東京 🛒,"$1,234.50"\r\n1002,Plain,7\r\n';
const expected = {
  header: ['Store #', 'Name', 'Sales'],
  headerLine: 1,
  rows: [
    { line: 2, cells: ['1001', 'Café Zürich — 東京 🛒', '$1,234.50'] },
    { line: 3, cells: ['1002', 'Plain', '7'] },
  ],
};

describe('encodings', () => {
  test('UTF-8 without and with a byte-order mark', async () => {
    assert.deepEqual(await readAll(fileOf(text)), expected);
    assert.deepEqual(await readAll(fileOf(`\ufeff${text}`)), expected);
  });

  test('UTF-16LE and UTF-16BE with their byte-order marks, characters beyond the BMP included', async () => {
    assert.deepEqual(await readAll(fileOf(utf16le(text))), expected);
    assert.deepEqual(await readAll(fileOf(utf16be(text))), expected);
  });

  test('Windows-1252 when the first byte past ASCII starts no UTF-8 sequence: é, €, curly quotes', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Name,Price\n'),
      Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x80, 0x35, 0x2c]),
      Buffer.from('\n'),
    ]);
    // "Café,€5," : the trailing separator's empty cell past the header is dropped.
    assert.deepEqual((await readAll(fileOf(bytes))).rows, [{ line: 2, cells: ['Café', '€5'] }]);
    const quotes = Buffer.concat([Buffer.from('Note\n'), Buffer.from([0x93, 0x68, 0x69, 0x94])]);
    assert.deepEqual((await readAll(fileOf(quotes))).rows, [{ line: 2, cells: ['\u201chi\u201d'] }]);
  });

  test('a UTF-8 sequence cut between two reads is decided once it is whole', async () => {
    // Far past the first read (64 KiB), so the decision falls wherever the read ends.
    const filler = 'x'.repeat(65_535);
    const { rows } = await readAll(fileOf(`Note\n${filler}é\n`));
    assert.equal(rows[0]!.cells[0], `${filler}é`);
  });

  test('a file that turns out not to be UTF-8 later is refused at that line, not misread', async () => {
    const bytes = Buffer.concat([Buffer.from('Name\nCafé\nok\n'), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from('\n')]);
    const refusal = await refusalOf(fileOf(bytes));
    assert.deepEqual(refusal, { status: 400, message: m.importBadEncoding.replace('{0}', 'Line 4'), line: 4 });
  });

  test('bytes Windows-1252 leaves undefined are refused: neither it nor UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('Name\n'), Buffer.from([0x43, 0xe9, 0x81]), Buffer.from('\n')]);
    assert.deepEqual(await refusalOf(fileOf(bytes)), { status: 400, message: m.importBadEncoding.replace('{0}', 'Line 2'), line: 2 });
  });

  test('UTF-16 without a byte-order mark is refused, in either byte order', async () => {
    for (const bytes of [utf16le(text).subarray(2), utf16be(text).subarray(2)]) {
      assert.deepEqual(await refusalOf(fileOf(bytes)), { status: 400, message: m.importUtf16NoBom, line: undefined });
    }
  });

  test('a NUL character past the first bytes is refused at its line', async () => {
    const refusal = await refusalOf(fileOf(`Name\n${'a\n'.repeat(3000)}b\u0000\n`));
    assert.equal(refusal.message, m.importNulCharacter.replace('{0}', 'Line 3,002'));
  });
});

describe('separators', () => {
  for (const [name, separator] of [
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
  ] as const) {
    test(`${name}: found from the header line, the other two kept in values`, async () => {
      const others = [',', ';', '\t'].filter((s) => s !== separator).join('');
      const file = `Name${separator}Amount${separator}Note\r\n"A${separator}B"${separator}12${separator}x${others}y\r\n`;
      assert.deepEqual(await readAll(fileOf(file)), {
        header: ['Name', 'Amount', 'Note'],
        headerLine: 1,
        rows: [{ line: 2, cells: [`A${separator}B`, '12', `x${others}y`] }],
      });
    });
  }

  test("a semicolon file's decimal commas stay in their values", async () => {
    assert.deepEqual((await readAll(fileOf('Store;Sales;Margin\n1;1,5;0,25\n'))).rows, [{ line: 2, cells: ['1', '1,5', '0,25'] }]);
  });

  test('the separator the header holds most of outside quotes wins; a header of one column is comma separated', async () => {
    assert.deepEqual((await readAll(fileOf('"a,b,c";d;e\n1;2;3\n'))).header, ['a,b,c', 'd', 'e']);
    assert.deepEqual(await readAll(fileOf('Only\nabc\n')), { header: ['Only'], headerLine: 1, rows: [{ line: 2, cells: ['abc'] }] });
  });
});

describe('quoting and lines', () => {
  test('quoted fields keep separators, doubled quotes and line breaks; lines count as a person sees them', async () => {
    const file = 'A,B\r\n"one\r\ntwo\r\nthree","say ""hi"""\r\n\r\nplain,"x\ny"\nlast,=SUM(A1:A2)\n';
    assert.deepEqual(await readAll(fileOf(file)), {
      header: ['A', 'B'],
      headerLine: 1,
      rows: [
        { line: 2, cells: ['one\r\ntwo\r\nthree', 'say "hi"'] },
        { line: 6, cells: ['plain', 'x\ny'] },
        { line: 8, cells: ['last', '=SUM(A1:A2)'] },
      ],
    });
  });

  test('cells are as written (spaces, formulas as text); header cells are trimmed; short rows get empty cells', async () => {
    const { header, rows } = await readAll(fileOf(' Store # , Name ,\n 7 ,=1+2\n+3\n'));
    assert.deepEqual(header, ['Store #', 'Name']);
    assert.deepEqual(rows, [
      { line: 2, cells: [' 7 ', '=1+2'] },
      { line: 3, cells: ['+3', ''] },
    ]);
  });

  test('blank lines and rows of empty cells are skipped anywhere; the header may come after them', async () => {
    const { headerLine, rows } = await readAll(fileOf('\r\n,,\r\nA,B\r\n1,2\r\n,\r\n\r\n3,4\r\n\r\n,,\r\n'));
    assert.equal(headerLine, 3);
    assert.deepEqual(rows, [
      { line: 4, cells: ['1', '2'] },
      { line: 7, cells: ['3', '4'] },
    ]);
  });

  test('a stray quote inside an unquoted value is a character', async () => {
    assert.deepEqual((await readAll(fileOf('Size,Name\n5" screen,ok\n'))).rows, [{ line: 2, cells: ['5" screen', 'ok'] }]);
  });
});
