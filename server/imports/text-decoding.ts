// The text of an uploaded CSV file, decoded chunk by chunk into UTF-8 for the CSV parser, never held whole.
// Which encoding, by this rule (docs/imports.md says the same):
//   - a byte-order mark names it: UTF-8, UTF-16LE (what our own CSV export writes) or UTF-16BE;
//   - without one, the first byte outside ASCII decides (until then both readings are the same text): the start
//     of a valid UTF-8 sequence means UTF-8, and every later byte must be valid UTF-8 too; anything else means
//     Windows-1252, which every byte is except five it leaves undefined (0x81 0x8D 0x8F 0x90 0x9D).
// A file that breaks its encoding is refused at the line where it does, never read with replacement
// characters, and so is a NUL character (no text file holds one, and the database cannot store it). UTF-16
// without a mark is told apart from text in file-kind.ts, from its NUL bytes, and refused: which byte order
// it is cannot be known for sure.
import { isAscii, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ImportFileError } from './import-error.ts';

const LF = 0x0a;

/** Line feeds in `bytes` from `start` to `end`: with CRLF and LF endings alike, a line's number less one. */
export function lineFeeds(bytes: Buffer, start = 0, end = bytes.length): number {
  let n = 0;
  for (let i = bytes.indexOf(LF, start); i !== -1 && i < end; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** Turns a file's bytes into UTF-8 bytes; `lineAt` numbers a line from an offset into the output so far. */
interface Decoder {
  write(bytes: Buffer): Buffer;
  end(): Buffer;
}

type LineAt = (outputOffset: number, output: Buffer | string) => number;

function refuse(line: number, key: 'importBadEncoding' | 'importNulCharacter'): never {
  throw ImportFileError.at('csv', line, key);
}

/** The length of the UTF-8 sequence a byte leads, or 0 for a byte that leads none. */
function sequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 0;
}

/** Where the last whole UTF-8 sequence of `bytes` ends: a sequence cut by the chunk's end waits for the next. */
function wholeSequencesEnd(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) return sequenceLength(byte) > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** The offset of the first byte that breaks UTF-8 (isUtf8 said something does). */
function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceLength(bytes[i]!);
    if (length === 0 || i + length > bytes.length || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}

class Utf8Decoder implements Decoder {
  private held: Buffer | null = null;
  constructor(private readonly lineAt: LineAt) {}

  write(chunk: Buffer): Buffer {
    const bytes = this.held ? Buffer.concat([this.held, chunk]) : chunk;
    const end = wholeSequencesEnd(bytes);
    this.held = end < bytes.length ? bytes.subarray(end) : null;
    const whole = bytes.subarray(0, end);
    if (!isUtf8(whole)) refuse(this.lineAt(firstInvalidUtf8(whole), whole), 'importBadEncoding');
    const nul = whole.indexOf(0);
    if (nul !== -1) refuse(this.lineAt(nul, whole), 'importNulCharacter');
    return whole;
  }

  end(): Buffer {
    if (this.held) refuse(this.lineAt(0, this.held), 'importBadEncoding');
    return Buffer.alloc(0);
  }
}

/** UTF-16 and Windows-1252 through iconv-lite, which writes U+FFFD for what it cannot decode. */
class IconvDecoder implements Decoder {
  private readonly decoder: iconv.DecoderStream;
  constructor(
    private readonly encoding: 'utf-16le' | 'utf-16be' | 'windows-1252',
    private readonly lineAt: LineAt,
  ) {
    this.decoder = iconv.getDecoder(encoding, { stripBOM: false });
  }

  write(chunk: Buffer): Buffer {
    return this.checked(this.decoder.write(chunk));
  }

  end(): Buffer {
    return this.checked(this.decoder.end() ?? '');
  }

  private checked(text: string): Buffer {
    const nul = text.indexOf('\u0000');
    if (nul !== -1) refuse(this.lineAt(nul, text), 'importNulCharacter');
    // UTF-16 can hold U+FFFD itself; from Windows-1252 it only comes for one of its undefined bytes.
    const undefinedByte = this.encoding === 'windows-1252' ? text.indexOf('\uFFFD') : -1;
    if (undefinedByte !== -1) refuse(this.lineAt(undefinedByte, text), 'importBadEncoding');
    return Buffer.from(text, 'utf8');
  }
}

/**
 * No byte-order mark: ASCII passes as it is, and the first byte past it chooses UTF-8 or Windows-1252 for
 * the rest of the file (see the rule at the top).
 */
class UndecidedDecoder implements Decoder {
  private chosen: Decoder | null = null;
  private held: Buffer | null = null;
  constructor(private readonly lineAt: LineAt) {}

  write(chunk: Buffer): Buffer {
    if (this.chosen) return this.chosen.write(chunk);
    const bytes = this.held ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = null;
    if (isAscii(bytes)) return this.ascii(bytes);
    let first = 0;
    while (bytes[first]! < 0x80) first++;
    const length = sequenceLength(bytes[first]!);
    if (length > 1 && first + length > bytes.length) {
      // The deciding sequence is cut by the chunk's end: decide when the rest of it has come.
      this.held = bytes.subarray(first);
      return this.ascii(bytes.subarray(0, first));
    }
    const asUtf8 = length > 1 && isUtf8(bytes.subarray(first, first + length));
    const before = this.ascii(bytes.subarray(0, first));
    // The ASCII before is not yet counted as passed while the rest of this chunk is decoded.
    let notYetPassed = lineFeeds(before);
    const lineAt: LineAt = (offset, output) => this.lineAt(offset, output) + notYetPassed;
    this.chosen = asUtf8 ? new Utf8Decoder(lineAt) : new IconvDecoder('windows-1252', lineAt);
    const rest = this.chosen.write(bytes.subarray(first));
    notYetPassed = 0;
    return Buffer.concat([before, rest]);
  }

  end(): Buffer {
    if (this.chosen) return this.chosen.end();
    // A file that ends inside its first non-ASCII sequence: that byte is not UTF-8, so Windows-1252.
    if (!this.held) return Buffer.alloc(0);
    this.chosen = new IconvDecoder('windows-1252', this.lineAt);
    return Buffer.concat([this.chosen.write(this.held), this.chosen.end()]);
  }

  private ascii(bytes: Buffer): Buffer {
    const nul = bytes.indexOf(0);
    if (nul !== -1) refuse(this.lineAt(nul, bytes), 'importNulCharacter');
    return bytes;
  }
}

const byteOrderMarks = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
] as const;

/**
 * The file's text as UTF-8 chunks, one for each chunk read (and only as fast as they are taken): the
 * byte-order mark removed, the encoding chosen by the rule above, refused (ImportFileError) where it breaks.
 */
export async function* utf8Text(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer, void, undefined> {
  let passedLines = 0;
  const lineAt: LineAt = (offset, output) =>
    passedLines + 1 + (typeof output === 'string' ? countLineFeeds(output.slice(0, offset)) : lineFeeds(output, 0, offset));
  let decoder: Decoder | null = null;
  let start: Buffer = Buffer.alloc(0);
  const out = function* (bytes: Buffer): Generator<Buffer> {
    if (bytes.length === 0) return;
    passedLines += lineFeeds(bytes);
    yield bytes;
  };

  for await (const chunk of source) {
    if (decoder) {
      yield* out(decoder.write(chunk));
      continue;
    }
    // Enough bytes to see a byte-order mark (a network may hand over fewer at first).
    start = start.length ? Buffer.concat([start, chunk]) : chunk;
    if (start.length < 3) continue;
    decoder = chooseDecoder(start, lineAt);
    yield* out(decoder.write(start.subarray(markLength(start))));
  }
  if (!decoder) {
    decoder = chooseDecoder(start, lineAt);
    yield* out(decoder.write(start.subarray(markLength(start))));
  }
  yield* out(decoder.end());
}

function markOf(start: Buffer) {
  return byteOrderMarks.find((mark) => mark.bytes.every((byte, i) => start[i] === byte));
}

function markLength(start: Buffer): number {
  return markOf(start)?.bytes.length ?? 0;
}

function chooseDecoder(start: Buffer, lineAt: LineAt): Decoder {
  const encoding = markOf(start)?.encoding;
  if (encoding === 'utf-8') return new Utf8Decoder(lineAt);
  if (encoding) return new IconvDecoder(encoding, lineAt);
  return new UndecidedDecoder(lineAt);
}

function countLineFeeds(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
