// Reading an uploaded file into rows, safely, for an import (issue 36): CSV (UTF-8, UTF-16 with a byte-order
// mark, Windows-1252; comma, semicolon or tab) and .xlsx, never held whole in memory, each bad file refused
// with an ImportFileError (a 400 or 413 with its message). Nothing here knows a table: matching columns to
// fields, checking and writing rows is the caller's.
//
//   const upload = await saveUpload(part.file, limits.imports.maxBytes);   // a multipart file part
//   const table = await readImportFile(upload.path, limits.imports);      // header read, first row seen
//   table.header;                                                          // ['Store #', 'Date', ...]
//   for await (const { line, cells } of table) { ... }                    // cells[i] under header[i]
//   await upload.remove();
export { ImportFileError, type FileFormat } from './import-error.ts';
export { readCsvStream, readImportFile, type ImportLimits } from './import-file.ts';
export { ImportTable, MAX_COLUMNS, MAX_RECORD_BYTES, type ImportRow } from './table-rows.ts';
export { limitedBytes, saveUpload, type SavedUpload } from './upload-bytes.ts';
