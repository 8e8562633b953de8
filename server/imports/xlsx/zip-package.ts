// An .xlsx is a zip package of XML parts. yauzl reads its central directory, the zip's own account of what
// it holds (the copies in front of each part are not trusted), before a single byte is inflated: a package
// that says it unpacks to more than the limit is refused there. Parts are then inflated one at a time, as fast
// as they are read, and yauzl stops a part the moment it inflates past the size the directory gave it (its
// validateEntrySizes): what is inflated can never pass what the directory said, so never the limit either.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportFileError } from '../import-error.ts';

/** More parts than any workbook has (each sheet, image or comment is one): the directory alone would cost. */
const MAX_PARTS = 10_000;

export class ZipPackage {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  /** Opens the package at `path`: refused if it is no zip, or unpacks to more than `maxUnpackedBytes`. */
  static async open(path: string, maxUnpackedBytes: number): Promise<ZipPackage> {
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true };
    const zip = await yauzl.openPromise(path, options).catch(() => {
      throw damaged();
    });
    try {
      if (zip.entryCount > MAX_PARTS) throw damaged();
      const parts = new Map<string, yauzl.Entry>();
      let unpacked = 0;
      for await (const entry of zip.eachEntry()) {
        unpacked += entry.uncompressedSize;
        if (unpacked > maxUnpackedBytes) throw unpackedTooLarge(maxUnpackedBytes);
        parts.set(entry.fileName, entry);
      }
      return new ZipPackage(zip, parts);
    } catch (err) {
      zip.close();
      throw err instanceof ImportFileError ? err : damaged();
    }
  }

  has(name: string): boolean {
    return this.parts.has(name);
  }

  /** A part's bytes, inflated as they are read; refused (ImportFileError) where the part or package breaks. */
  async read(name: string): Promise<Readable> {
    const entry = this.parts.get(name);
    if (!entry || entry.isEncrypted() || !entry.canDecodeFileData()) throw damaged();
    const part = await this.zip.openReadStreamPromise(entry).catch(() => {
      throw damaged();
    });
    // A zlib error, or yauzl's finding that the part is not the size the directory says, reaches the part's
    // reader through the iterator it reads with (xml-part.ts: a damaged package); this listener keeps a part
    // that is opened and never read from throwing it at the process.
    part.on('error', () => {});
    return part;
  }

  close(): void {
    this.zip.close();
  }
}

export function damaged(): ImportFileError {
  return new ImportFileError(400, 'importWorkbookDamaged');
}

function unpackedTooLarge(limit: number): ImportFileError {
  return ImportFileError.tooLarge('importUnpackedTooLarge', limit, 'bytes');
}
