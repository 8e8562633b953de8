// What kind of file an upload is, from its first bytes (its name and declared type are the sender's word, not
// the file's): a zip package (an .xlsx, checked further when it is opened), or text to read as CSV. Anything
// else we know by its signature, or that holds bytes no text has, is refused here with a clear message before
// any parser sees it.
import { ImportFileError } from './import-error.ts';

export type FileKind = 'zip' | 'csv';

/** How many leading bytes the decision needs: the signatures, and a sample of text to look for binary in. */
export const SNIFF_BYTES = 4096;

/** Signatures of files people upload by mistake, none of which is text. */
const binarySignatures: ReadonlyArray<readonly number[]> = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
];

/** The compound file of old Excel (.xls), of Word .doc, and the wrapper Office puts around a protected .xlsx. */
const compoundFile = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A zip's local file header, and the end record an empty zip has alone. */
const zipSignatures = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
];

const startsWith = (head: Buffer, signature: readonly number[]) => signature.every((byte, i) => head[i] === byte);

/** Byte-order marks: text whose encoding the mark names (text-decoding.ts reads them). */
export function hasByteOrderMark(head: Buffer): boolean {
  return startsWith(head, [0xef, 0xbb, 0xbf]) || startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]);
}

/** The kind of a file from its first bytes (up to SNIFF_BYTES of them); refused if it is neither. */
export function fileKind(head: Buffer): FileKind {
  if (head.length === 0) throw new ImportFileError(400, 'importEmpty');
  if (zipSignatures.some((s) => startsWith(head, s))) return 'zip';
  if (startsWith(head, compoundFile)) throw new ImportFileError(400, 'importOldExcel');
  if (binarySignatures.some((s) => startsWith(head, s))) throw new ImportFileError(400, 'importNotTable');
  if (hasByteOrderMark(head)) return 'csv';
  // Without a mark, NUL bytes mean UTF-16 (every other byte NUL where the text is Latin) or binary.
  const nuls = countNuls(head);
  if (nuls === 0) return 'csv';
  if (looksLikeUtf16(head)) throw new ImportFileError(400, 'importUtf16NoBom');
  throw new ImportFileError(400, 'importNotTable');
}

function countNuls(head: Buffer): number {
  let n = 0;
  for (let i = head.indexOf(0); i !== -1; i = head.indexOf(0, i + 1)) n++;
  return n;
}

/** Most even or most odd bytes NUL, the others not: Latin text in UTF-16, big- or little-endian. */
function looksLikeUtf16(head: Buffer): boolean {
  const pairs = Math.floor(head.length / 2);
  if (pairs === 0) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0 && head[i + 1] !== 0) evenNul++;
    if (head[i + 1] === 0 && head[i] !== 0) oddNul++;
  }
  return Math.max(evenNul, oddNul) >= pairs * 0.6;
}
