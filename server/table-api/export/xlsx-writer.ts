// SpreadsheetML, as much of it as a one-sheet export needs: the fixed parts of the workbook, a style per
// display format (Excel shows the number; the cell keeps it, so a column of sales still sums), and the sheet
// written row by row so it can be streamed. Strings are inline (no shared-string table to hold in memory)
// and are never formulas, whatever they start with.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FormatName } from '../../../common/format.ts';
import type { ValueType } from '../../../common/resources/types.ts';

/** Excel refuses a cell of more text than this. */
const MAX_CELL_TEXT = 32_767;

/** How a column's cells are written: a number in a display style, or text. */
type CellKind = { number: true; style: number } | { number: false };

// Index in cellXfs below. 0 is the default, 1 the header.
const STYLE = { header: 1, integer: 2, number: 3, currency: 4, percent: 5, date: 6, datetime: 7 } as const;

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const styles = `${xmlHead}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00;-&quot;$&quot;#,##0.00"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="dd/mm/yyyy hh:mm"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="8"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="10" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

/**
 * The workbook (a zip package) around the sheet's XML, as a stream: the sheet is deflated as it is read, and
 * read only as fast as the output is taken. The workbook part comes last, when the writer knows the rows its
 * header filter spans. A client that goes away closes the output, and the sheet is destroyed with it; a sheet
 * that fails ends the output short.
 */
export function zipWorkbook(sheetName: string, sheet: Readable, writer: SheetWriter): Readable {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(fixedParts)) zip.addBuffer(Buffer.from(content), path);
  // Deflate's fastest level: the XML still shrinks eightfold, and the default level took twice as long.
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { compressionLevel: 1 });
  zip.addReadStreamLazy('xl/workbook.xml', (done) => done(null, Readable.from([Buffer.from(workbookPart(sheetName, writer.range()))])));
  zip.end();
  const output = zip.outputStream as Readable;
  output.on('close', () => sheet.destroy());
  sheet.on('error', (err) => output.destroy(err));
  return output;
}

/** The workbook's parts that never change, by path in the package. */
const fixedParts: Record<string, string> = {
  '[Content_Types].xml': `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': styles,
};

/** The workbook part: its one sheet, and the range of the sheet's header filter, named as Excel names it. */
function workbookPart(sheetName: string, filterRange: string): string {
  const title = sheetTitle(sheetName);
  const absolute = filterRange.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
  return `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(title)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(`'${title.replaceAll("'", "''")}'!${absolute}`)}</definedName></definedNames></workbook>`;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetTitle(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}

/** Numbers keep their digits; dates are days since 1899-12-30 (Excel's day 0), in a date style. */
export function cellKind(format: FormatName, type: ValueType): CellKind {
  switch (format) {
    case 'integer':
    case 'number':
    case 'currency':
    case 'percent':
    case 'date':
    case 'datetime':
      return { number: true, style: STYLE[format] };
    case 'text':
      return type === 'integer' || type === 'number' ? { number: true, style: 0 } : { number: false };
    case 'boolean':
      return { number: false };
  }
}

// XML 1.0 cannot hold most control characters, U+FFFE, U+FFFF or half a surrogate pair, even escaped: they
// are written as U+FFFD (Excel's own _xHHHH_ escapes are not read back by every program that opens xlsx).
// A CR is written as a character reference, which an XML reader keeps (a bare one it turns into LF).
const unwritable =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot hold, to be replaced.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

function xmlText(text: string): string {
  return text.replace(/[&<>"\r]/g, (c) => escapes[c]!).replace(unwritable, '\uFFFD');
}

/** A plain decimal or exponent form: what a <v> may hold. Anything else (NaN, Infinity) is written as text. */
const numberText = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function textCell(ref: string, text: string, style = 0): string {
  const cut = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlText(cut)}</t></is></c>`;
}

/** Writes the sheet: its head (with the header row), each batch of rows, and its end. */
export class SheetWriter {
  private rows = 1;
  private readonly letters: string[];

  constructor(
    private readonly kinds: ReadonlyArray<CellKind>,
    private readonly widths: ReadonlyArray<number>,
  ) {
    this.letters = kinds.map((_, i) => columnLetters(i));
  }

  head(labels: ReadonlyArray<string>): string {
    const cols = this.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
    const header = labels.map((label, i) => textCell(`${this.letters[i]}1`, label, STYLE.header)).join('');
    return `${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData><row r="1">${header}</row>`;
  }

  /** A row as the database gave it: each cell's text (a number's digits, a date's day number) or null. */
  rowXml(values: ReadonlyArray<string | null>): string {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const kind = this.kinds[i]!;
      const ref = `${this.letters[i]}${r}`;
      xml +=
        kind.number && numberText.test(value)
          ? `<c r="${ref}"${kind.style ? ` s="${kind.style}"` : ''}><v>${value}</v></c>`
          : textCell(ref, value);
    }
    return `${xml}</row>`;
  }

  /** The cells from the header to the last row written: what the header's filter buttons span. */
  range(): string {
    return `A1:${this.letters.at(-1) ?? 'A'}${this.rows}`;
  }

  /** The sheet's end, with filter buttons on the header. */
  end(): string {
    return `</sheetData><autoFilter ref="${this.range()}"/></worksheet>`;
  }
}
