// A feed request's rows, read from its body: a JSON array of objects keyed by the list API's field names, or
// CSV with a header line (the formats an import reads, our own export included: server/imports/), its columns
// matched to the table's fields as an import matches them (by label, in the language file's words, or name). Each row keeps its place (its position in the array, or its CSV
// line) for the answer to name it by. A body that holds no rows, too many, or not rows at all is refused
// whole (a Refusal: 400 or 413, nothing written).
import { Readable } from 'node:stream';
import type { ResourceDef } from '../resources/resource-def.ts';
import { readCsvStream } from '../imports/index.ts';
import { importFields, matchHeader } from '../imports/engine/index.ts';
import { Refusal } from '../plugins/refusals.ts';
import type { Limits } from '../limits.ts';

/** One row as sent: its place (1-based array position, or CSV line) and its values as text, by column name. */
export interface FeedRow {
  line: number;
  values: Record<string, string>;
}

export type FeedFormat = 'json' | 'csv';

/** The format a Content-Type names; null for one the feed does not take. */
export function feedFormat(contentType: string | undefined): FeedFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv' || type === 'application/csv' || type === 'text/plain') return 'csv';
  return null;
}

export async function feedRows(def: ResourceDef, format: FeedFormat, body: Buffer, limits: Limits): Promise<FeedRow[]> {
  const rows = format === 'json' ? jsonRows(def, body, limits.feed.maxRows) : await csvRows(def, body, limits);
  if (rows.length === 0) throw new Refusal(400, 'feedNoRows');
  return rows;
}

function jsonRows(def: ResourceDef, body: Buffer, maxRows: number): FeedRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new Refusal(400, 'feedBadJson', (err as Error).message);
  }
  if (!Array.isArray(parsed)) throw new Refusal(400, 'feedNotRows', 'it is not an array');
  if (parsed.length > maxRows) throw new Refusal(413, 'feedTooManyRows', maxRows);
  // Any of the list API's names is taken (a row read from the list may be sent back as it is); only the
  // fields an import reads are written.
  const names = new Set(def.columns.map((c) => c.name));
  const read = new Set(importFields(def).map((f) => f.name));
  return parsed.map((item: unknown, i): FeedRow => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new Refusal(400, 'feedNotRows', `item ${i + 1} is not an object`);
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(item)) {
      if (!names.has(name)) throw new Refusal(400, 'feedUnknownField', i + 1, name, def.title, fieldNames(def));
      if (value !== null && typeof value === 'object')
        throw new Refusal(400, 'feedNotRows', `item ${i + 1}'s ${name} is not a single value`);
      if (read.has(name)) values[name] = value === null || value === undefined ? '' : String(value);
    }
    return { line: i + 1, values };
  });
}

async function csvRows(def: ResourceDef, body: Buffer, limits: Limits): Promise<FeedRow[]> {
  // An import's rules for reading CSV, within the feed's own sizes.
  const { maxBytes, maxRows } = limits.feed;
  const table = await readCsvStream(Readable.from([body]), { ...limits.imports, maxBytes, maxUnpackedBytes: maxBytes, maxRows });
  const columns = matchHeader(def, table.header);
  if (columns.every((c) => c === null)) throw new Refusal(400, 'feedNoColumnMatched', def.title, fieldNames(def));
  const rows: FeedRow[] = [];
  for await (const { line, cells } of table) {
    const values: Record<string, string> = {};
    columns.forEach((name, i) => {
      if (name !== null) values[name] = cells[i] ?? '';
    });
    rows.push({ line, values });
  }
  return rows;
}

/** The names a row is written by: the fields an import reads (as the list API calls them). */
function fieldNames(def: ResourceDef): string {
  return importFields(def)
    .map((f) => f.name)
    .join(', ');
}
