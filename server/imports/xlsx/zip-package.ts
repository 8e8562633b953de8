// An .xlsx is a zip package of XML parts. yauzl reads its central directory, the zip's own account of what
// it holds (the copies in front of each part are not trusted), before a single byte is inflated: a package
// that says it unpacks to more than the limit is refused there. Parts are then inflated one at a time, as fast
// as they are read, and counted: yauzl stops a part that inflates past the size the directory gave it, and
// the package stops once all it has inflated passes the limit, whatever the directory said.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import yauzl from 'yauzl';
import { ImportFileError } from '../import-error.ts';

/** More parts than any workbook has (each sheet, image or comment is one): the directory alone would cost. */
const MAX_PARTS = 10_000;

export class ZipPackage {
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: ReadonlyMap<string, yauzl.Entry>,
    private readonly maxUnpackedBytes: number,
  ) {}

  /** Opens the package at `path`: refused if it is no zip, or unpacks to more than `maxUnpackedBytes`. */
  static async open(path: string, maxUnpackedBytes: number): Promise<ZipPackage> {
    const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false }).catch(() => {
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
      return new ZipPackage(zip, parts, maxUnpackedBytes);
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
    const raw = await this.zip.openReadStreamPromise(entry).catch(() => {
      throw damaged();
    });
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.inflated += chunk.length;
        if (this.inflated > this.maxUnpackedBytes) done(unpackedTooLarge(this.maxUnpackedBytes));
        else done(null, chunk);
      },
    });
    // A zlib error, or yauzl's finding that the part is not the size the directory says: a damaged package.
    raw.on('error', (err) => counted.destroy(err instanceof ImportFileError ? err : damaged()));
    counted.on('close', () => {
      if (!raw.destroyed) {
        raw.unpipe(counted);
        raw.destroy();
      }
    });
    return raw.pipe(counted);
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
