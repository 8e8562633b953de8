// The records of a CSV file, each with the line it starts on, read by csv-parse from the decoded text
// (text-decoding.ts) as fast as they are taken. Fields are kept as written: quoted ones may hold separators,
// quotes (doubled) and line breaks; a stray quote (5" screen, or "ab"c) is kept as a character. The
// separator is the one of comma, semicolon and tab that the header line holds most of outside quotes (a
// decimal comma in a semicolon file's data cannot change it); lines end with CRLF or LF.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Options } from 'csv-parse';
import { formatNumber } from '../../common/format.ts';
import { ImportFileError } from './import-error.ts';
import { utf8Text } from './text-decoding.ts';
import { MAX_RECORD_BYTES, type SourceRow } from './table-rows.ts';

export const separators = [',', ';', '\t'] as const;
export type Separator = (typeof separators)[number];

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The separator of the first line that is not blank, if `text` holds all of it: the candidate found most
 * often outside quotes (a comma when none is, or on a tie), or null while the line is still incomplete.
 */
export function headerSeparator(text: Buffer, ended: boolean): Separator | null {
  let i = 0;
  while (text[i] === CR || text[i] === LF) i++;
  const counts = separators.map(() => 0);
  const codes = separators.map((s) => s.charCodeAt(0));
  for (let quoted = false; i < text.length; i++) {
    const byte = text[i]!;
    if (byte === QUOTE) quoted = !quoted;
    else if (!quoted && byte === LF) return mostFound(counts);
    else if (!quoted) {
      const which = codes.indexOf(byte);
      if (which !== -1) counts[which]!++;
    }
  }
  return ended ? mostFound(counts) : null;
}

function mostFound(counts: number[]): Separator {
  const most = Math.max(...counts);
  return most === 0 ? ',' : separators[counts.indexOf(most)]!;
}

const refusalOf: Record<string, 'importQuoteNotClosed' | 'importLineTooLong'> = {
  CSV_QUOTE_NOT_CLOSED: 'importQuoteNotClosed',
  CSV_MAX_RECORD_SIZE: 'importLineTooLong',
};

function lineFeedsIn(cells: string[]): number {
  let n = 0;
  for (const cell of cells) {
    for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) n++;
  }
  return n;
}

/**
 * The records of a CSV file's bytes, each with its first line's number (blank lines give a record of one
 * empty cell, as written). Refused with ImportFileError where the text or its quoting breaks.
 */
export async function* csvRows(source: AsyncIterable<Buffer>): AsyncGenerator<SourceRow, void, undefined> {
  const text = utf8Text(source);
  try {
    yield* parsed(text);
  } finally {
    await text.return();
  }
}

async function* parsed(text: AsyncGenerator<Buffer, void, undefined>): AsyncGenerator<SourceRow, void, undefined> {
  // Read ahead to the end of the header line, to know the separator before the parser starts.
  const head: Buffer[] = [];
  let headBytes = 0;
  let separator: Separator | null = null;
  while (separator === null) {
    const next = await text.next();
    if (!next.done) {
      head.push(next.value);
      headBytes += next.value.length;
    }
    separator = headerSeparator(Buffer.concat(head), next.done === true);
    if (separator === null && headBytes > MAX_RECORD_BYTES) throw lineTooLong(firstLineAt(Buffer.concat(head)));
  }

  // The line the next record starts on: counted as the parser makes each record (it makes some ahead of
  // those taken, and its own count takes a CRLF inside quotes for two lines).
  let line = 1;
  const options: Options<SourceRow, string[]> = {
    delimiter: separator,
    record_delimiter: ['\r\n', '\n'],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
    on_record: (cells: string[]): SourceRow => {
      const row = { line, cells };
      line += 1 + lineFeedsIn(cells);
      return row;
    },
  };
  // (parse's overloads type a record changed by on_record only along with `columns`, which is not used here.)
  const parser = parse(options as unknown as Options);
  const feeding = pipeline(
    Readable.from(
      (async function* () {
        yield* head;
        yield* text;
      })(),
    ),
    parser,
  );
  // Its failure is the parser's, which the loop below meets.
  feeding.catch(() => {});
  try {
    for await (const row of parser as AsyncIterable<SourceRow>) yield row;
  } catch (err) {
    if (err instanceof CsvError) {
      const key = refusalOf[err.code];
      if (key === 'importLineTooLong') throw lineTooLong(line);
      throw ImportFileError.at('csv', line, key ?? 'importUnreadableCsv');
    }
    throw err;
  } finally {
    parser.destroy();
  }
}

/** The line the first line that is not blank is on. */
function firstLineAt(text: Buffer): number {
  let line = 1;
  for (let i = 0; text[i] === CR || text[i] === LF; i++) if (text[i] === LF) line++;
  return line;
}

function lineTooLong(line: number): ImportFileError {
  return ImportFileError.at('csv', line, 'importLineTooLong', formatNumber(MAX_RECORD_BYTES / 1024));
}
