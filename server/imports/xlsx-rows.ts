// The rows of an .xlsx file's first visible worksheet: the package opened from its directory (zip-package.ts),
// the parts the sheet needs read first (workbook-parts.ts), then the sheet streamed (sheet-rows.ts). The zip is
// read from a file, not a stream: its directory is at its end.
import type { SourceRow } from './table-rows.ts';
import { sheetRows } from './xlsx/sheet-rows.ts';
import { readWorkbook } from './xlsx/workbook-parts.ts';
import { ZipPackage } from './xlsx/zip-package.ts';

export async function* xlsxRows(path: string, maxUnpackedBytes: number): AsyncGenerator<SourceRow, void, undefined> {
  const pkg = await ZipPackage.open(path, maxUnpackedBytes);
  try {
    yield* sheetRows(pkg, await readWorkbook(pkg));
  } finally {
    pkg.close();
  }
}
