// The refused rows as an Excel workbook: the refused rows file (file-rows.ts) read back and written as a sheet
// of text cells (the file's values as it had them, never run as formulas), streamed as it is read.
import { Readable } from 'node:stream';
import { readImportFile, type ImportLimits } from '../../../../imports/index.ts';
import { SheetWriter, zipWorkbook } from '../../../../table-api/export/xlsx-writer.ts';

export async function refusedWorkbook(path: string, sheetName: string, limits: ImportLimits): Promise<Readable> {
  const table = await readImportFile(path, { ...limits, maxRows: Number.MAX_SAFE_INTEGER });
  const header = table.header;
  const sheet = new SheetWriter(
    header.map(() => ({ number: false as const })),
    header.map((h) => Math.min(60, Math.max(10, h.length + 2))),
  );
  const xml = Readable.from(
    (async function* () {
      yield Buffer.from(sheet.head(header));
      for await (const { cells } of table)
        yield Buffer.from(sheet.rowXml(cells.map((c) => (c === '' ? null : c.replace(/^'(?=[=+\-@\t\r])/, '')))));
      yield Buffer.from(sheet.end());
    })(),
    { objectMode: false },
  );
  return zipWorkbook(sheetName, xml, sheet);
}
