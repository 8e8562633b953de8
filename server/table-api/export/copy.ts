// The fast path of an export on a PostgreSQL server: `COPY (query) TO STDOUT (FORMAT csv)` writes the
// CSV itself (quoting, doubled quotes), and this module only re-encodes its bytes to UTF-16LE with CRLF
// line ends. The connection socket is read only as fast as the client takes the file (pg-copy-streams
// reads on demand), so memory stays flat. COPY takes no bound parameters, so the values travel as
// transaction-local settings and the query reads them back: client text still never becomes SQL text.
import { StringDecoder } from 'node:string_decoder';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { mapPlaceholders } from '../query/sql.ts';

/**
 * The query with each `$n` replaced by the setting `backroom.pn` read back as the type PostgreSQL infers for
 * `$n` (asked by preparing the query once), so `store_id = $1` still compares integers and uses its index.
 */
async function bindAsSettings(client: pg.PoolClient, query: string, params: ReadonlyArray<unknown>): Promise<string> {
  if (params.length === 0) return query;
  await client.query(`prepare backroom_export_types as ${query}`);
  const described = await client.query<{ types: string[] }>(
    `select parameter_types::text[] as types from pg_prepared_statements where name = 'backroom_export_types'`,
  );
  await client.query('deallocate backroom_export_types');
  const types = described.rows[0]?.types ?? [];
  const sets = params.map((_, i) => `set_config('backroom.p${i + 1}', $${i + 1}::text, true)`);
  // pg writes each value as it would bind it (an array as '{1,2}'), which the cast reads back.
  await client.query(`select ${sets.join(', ')}`, params as unknown[]);
  return mapPlaceholders(query, (n) => `(current_setting('backroom.p${n}')::${types[n - 1] ?? 'text'})`);
}

/**
 * PostgreSQL ends CSV rows with LF; spreadsheets on Windows expect CRLF. A line break inside a quoted field
 * is data and stays as it is, so the quote state is carried from one chunk to the next.
 */
export class CrlfOutsideQuotes {
  private inQuotes = false;

  convert(text: string): string {
    let out = '';
    let copied = 0;
    let at = 0;
    // Positions of the next quote and line feed, searched again only once passed (-1: none left).
    let quote = -2;
    let lf = -2;
    while (at < text.length) {
      if (this.inQuotes) {
        const close = text.indexOf('"', at);
        if (close < 0) break;
        this.inQuotes = false;
        at = close + 1;
        continue;
      }
      if (quote !== -1 && quote < at) quote = text.indexOf('"', at);
      if (lf !== -1 && lf < at) lf = text.indexOf('\n', at);
      if (lf === -1 && quote === -1) break;
      if (quote !== -1 && (lf === -1 || quote < lf)) {
        this.inQuotes = true;
        at = quote + 1;
        continue;
      }
      out += `${text.slice(copied, lf)}\r\n`;
      copied = at = lf + 1;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}

/**
 * The CSV rows of `query` (a SELECT of formatted text columns, empty text as NULL: COPY would quote an empty
 * string) as UTF-16LE chunks; run inside a transaction.
 */
export async function* copyCsvRows(client: pg.PoolClient, query: string, params: ReadonlyArray<unknown>): AsyncGenerator<Buffer> {
  const text = await bindAsSettings(client, query, params);
  // COPY is one statement that lasts as long as the client takes the file, so no statement_timeout fits it;
  // a client that stops reading is dropped instead (stall.ts), which ends it.
  await client.query('set local statement_timeout = 0');
  const stream = client.query(copyTo(`copy (${text}) to stdout (format csv)`));
  const decoder = new StringDecoder('utf8');
  const lines = new CrlfOutsideQuotes();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    yield Buffer.from(lines.convert(decoder.write(chunk)), 'utf16le');
  }
  const rest = decoder.end();
  if (rest) yield Buffer.from(lines.convert(rest), 'utf16le');
}
