// Files for the import reader's tests, made in the test rather than committed: bytes written to a temporary
// folder (removed after the file's tests), workbooks written by exceljs (as another program writes them:
// shared strings, styles, formulas) or zipped part by part with yazl (to say exactly what a package holds).
import { after } from './node-test.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { readImportFile, type ImportLimits } from '../../server/imports/index.ts';
import { defaultLimits, withLimits } from '../../server/limits.ts';

const folder = mkdtempSync(join(tmpdir(), 'import-test-'));
after(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** A file holding `bytes`, by its path. */
export function fileOf(bytes: Buffer | string, name = 'file'): string {
  const path = join(folder, `${++files}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

export function limitsWith(overrides: Partial<ImportLimits> = {}): ImportLimits {
  return withLimits(defaultLimits, { imports: overrides }).imports;
}

export interface Read {
  header: readonly string[];
  headerLine: number;
  rows: Array<{ line: number; cells: readonly string[] }>;
}

/** Everything the reader gives for the file at `path`. */
export async function readAll(path: string, limits = limitsWith()): Promise<Read> {
  const table = await readImportFile(path, limits);
  const rows: Read['rows'] = [];
  for await (const row of table) rows.push({ line: row.line, cells: row.cells });
  return { header: table.header, headerLine: table.headerLine, rows };
}

/** The refusal reading `path` meets: its status and message (and line, where it names one). */
export async function refusalOf(path: string, limits = limitsWith()) {
  try {
    await readAll(path, limits);
  } catch (err) {
    const e = err as { statusCode?: number; message: string; line?: number; name: string };
    if (e.name !== 'ImportFileError') throw err;
    return { status: e.statusCode, message: e.message, line: e.line };
  }
  throw new Error(`${path} was read without a refusal`);
}

export const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
export function utf16be(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf16le');
  bytes.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]);
}

/** A workbook exceljs writes, its first sheet filled by `fill`. */
export async function workbookFile(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<string> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Sheet1'), book);
  return fileOf(Buffer.from(await book.xlsx.writeBuffer()), 'book.xlsx');
}

/** A zip of these parts (text, or a stream to zip as it is read), each deflated. */
export async function zipFile(parts: Record<string, string | Buffer | Readable>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string' || Buffer.isBuffer(content)) zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name);
  }
  zip.end();
  return fileOf(await buffer(zip.outputStream), 'package.xlsx');
}

const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around `sheetData` (the rows' XML), with optional styles and shared strings. */
export function workbookParts(sheetData: string, more: { styles?: string; sharedStrings?: string; workbookPr?: string } = {}) {
  const parts: Record<string, string> = {
    '[Content_Types].xml': `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    '_rels/.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/_rels/workbook.xml.rels': `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>${more.styles ? `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` : ''}${more.sharedStrings ? `<Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    'xl/workbook.xml': `${head}<workbook xmlns="${main}" xmlns:r="${rel}">${more.workbookPr ?? ''}<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/worksheets/sheet1.xml': `${head}<worksheet xmlns="${main}"><sheetData>${sheetData}</sheetData></worksheet>`,
  };
  if (more.styles) parts['xl/styles.xml'] = `${head}<styleSheet xmlns="${main}">${more.styles}</styleSheet>`;
  if (more.sharedStrings) parts['xl/sharedStrings.xml'] = `${head}<sst xmlns="${main}">${more.sharedStrings}</sst>`;
  return parts;
}

/** An inline-string cell's XML. */
export const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
