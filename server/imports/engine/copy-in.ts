// Rows sent to a table with COPY ... FROM STDIN (text format) on a PostgreSQL server: an import stages its
// rows this way, because binding them as arrays cost both sides more than the rows themselves (the driver
// escaped every element into an array literal, ~4 s of the server's processor time at 1M rows, and the
// database parsed and unnested them again). Values are written as the driver would bind them.
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** One value as COPY's text format reads it: \N for none, backslash, tab and line breaks escaped. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => escapes[c]!) : text;
}

const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One row as a line of COPY's text format. */
export function copyLine(values: ReadonlyArray<unknown>): string {
  return `${values.map(copyValue).join('\t')}\n`;
}

/** Sends `lines` (copyLine's) into `table`'s `columns` (trusted SQL names) in one COPY statement. */
export async function copyIn(client: pg.PoolClient, table: string, columns: ReadonlyArray<string>, lines: string): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  stream.end(lines);
  await finished(stream);
}
