// What a workbook's sheet needs from the rest of the package, read before the sheet: which part is the first
// visible worksheet (through the package's relationships, as Excel finds it, not by a guessed file name), the
// shared strings its text cells point into, which cell styles show dates or times, and the date system.
import { ImportFileError } from '../import-error.ts';
import { numberKind, sheetText, type NumberKind } from './cell-text.ts';
import { SharedStrings } from './shared-strings.ts';
import { prefixed, readXml } from './xml-part.ts';
import type { ZipPackage } from './zip-package.ts';

export interface Workbook {
  /** The package path of the first visible worksheet. */
  readonly sheetPath: string;
  /** Text cells of type "s" hold an index into this. */
  readonly sharedStrings: SharedStrings;
  /** What each cell style (a cell's s="n") makes of a number. */
  readonly styleKinds: readonly NumberKind[];
  /** Serial days count from 1904-01-01 rather than from 1900 (old Mac workbooks). */
  readonly date1904: boolean;
}

const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const STRICT_RELATIONSHIP = 'http://purl.oclc.org/ooxml/officeDocument/relationships/';

interface Relationship {
  readonly type: string;
  readonly path: string;
}

/** A relationship's type without its namespace (transitional or strict): "worksheet", "styles"… */
function typeName(type: string): string {
  for (const prefix of [RELATIONSHIP, STRICT_RELATIONSHIP]) if (type.startsWith(prefix)) return type.slice(prefix.length);
  return type;
}

/** A target resolved against the folder of the part that names it ("/xl/x.xml" is from the package root). */
function resolve(from: string, target: string): string {
  const segments = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/** The relationships of part `of` (the package itself for ""), by id. */
async function relationships(pkg: ZipPackage, of: string): Promise<Map<string, Relationship>> {
  const slash = of.lastIndexOf('/');
  const path = `${of.slice(0, slash + 1)}_rels/${of.slice(slash + 1)}.rels`;
  const found = new Map<string, Relationship>();
  if (!pkg.has(path)) return found;
  await readXml(await pkg.read(path), {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External') {
        found.set(a.Id, { type: typeName(a.Type ?? ''), path: resolve(of, a.Target) });
      }
    },
  });
  return found;
}

function firstOfType(rels: Map<string, Relationship>, type: string): string | undefined {
  for (const rel of rels.values()) if (rel.type === type) return rel.path;
  return undefined;
}

export async function readWorkbook(pkg: ZipPackage): Promise<Workbook> {
  const book = firstOfType(await relationships(pkg, ''), 'officeDocument');
  // Another kind of Office package (a Word document), or a zip of anything: not a workbook at all.
  if (!book?.endsWith('.xml') || !pkg.has(book)) throw new ImportFileError(400, 'importNotTable');
  const rels = await relationships(pkg, book);
  let isWorkbook = false;
  let date1904 = false;
  let sheetPath: string | undefined;
  await readXml(await pkg.read(book), {
    open(name, a) {
      if (name === 'workbook') isWorkbook = true;
      else if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      else if (name === 'sheet' && !sheetPath && a.state !== 'hidden' && a.state !== 'veryHidden') {
        const rel = rels.get(prefixed(a, 'id') ?? '');
        if (rel?.type === 'worksheet') sheetPath = rel.path;
      }
    },
  });
  if (!isWorkbook) throw new ImportFileError(400, 'importNotTable');
  if (!sheetPath || !pkg.has(sheetPath)) throw new ImportFileError(400, 'importNoWorksheet');
  const styles = firstOfType(rels, 'styles');
  const strings = firstOfType(rels, 'sharedStrings');
  return {
    sheetPath,
    date1904,
    styleKinds: styles && pkg.has(styles) ? await readStyleKinds(pkg, styles) : [],
    sharedStrings: strings && pkg.has(strings) ? await readSharedStrings(pkg, strings) : new SharedStrings(),
  };
}

/** For each cell format (cellXfs, in order), what its number format makes of a number. */
async function readStyleKinds(pkg: ZipPackage, path: string): Promise<NumberKind[]> {
  const codes = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await readXml(await pkg.read(path), {
    open(name, a) {
      if (name === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formatIds.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formatIds.map((id) => numberKind(id, codes.get(id)));
}

/**
 * The shared strings, in order: each <si>'s text runs joined, its phonetic guide (<rPh>, the reading of
 * Japanese text) left out, as Excel shows the cell.
 */
async function readSharedStrings(pkg: ZipPackage, path: string): Promise<SharedStrings> {
  const strings = new SharedStrings();
  const reader = richText((text) => strings.add(text));
  await readXml(await pkg.read(path), {
    open: (name) => reader.open(name, 'si'),
    text: reader.text,
    close: (name) => reader.close(name, 'si'),
  });
  return strings;
}

/** Gathers the text of one rich text element (<si>, or a cell's <is>): its <t> runs, not its <rPh> guides. */
export function richText(done: (text: string) => void) {
  let inside = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  return {
    open(name: string, element: string) {
      if (name === element) {
        inside = true;
        text = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inside && phonetic === 0) inT = true;
    },
    text(value: string) {
      if (inT) text += value;
    },
    close(name: string, element: string) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
      else if (name === element && inside) {
        inside = false;
        done(sheetText(text));
      }
    },
  };
}
