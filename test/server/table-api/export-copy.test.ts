// The PostgreSQL export path (COPY ... (FORMAT csv), re-encoded) must write the same bytes as the cursor
// path the embedded database uses, for any text (empty text arrives as NULL, as sql-formats.ts writes it); and the LF -> CRLF rewrite must leave line breaks inside
// quoted fields alone however the stream is cut into chunks; and a download lasts as long as its client reads.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Database } from '../../../server/db/index.ts';
import { csvField } from '../../../server/table-api/export/csv-line.ts';
import { CrlfOutsideQuotes, copyCsvRows } from '../../../server/table-api/export/copy.ts';
import { csvRows } from '../../../server/table-api/export/csv-export.ts';
import { cursorBatches } from '../../../server/table-api/export/batches.ts';
import { openTestDatabase } from '../../support/app.ts';
import { postgresBase } from '../../support/template-db.ts';

const field = fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', 'é') }), fc.constant('\\.'));
const table = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 30 });

describe('CRLF outside quotes', () => {
  test('row ends become CRLF, breaks inside quoted fields stay, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(), { maxLength: 8 }), (rows, cuts) => {
        // As COPY writes it: quoted where needed, rows ended by LF.
        const lines = rows.map((r) => r.map(csvField).join(','));
        const copied = lines.map((l) => `${l}\n`).join('');
        const points = [...new Set(cuts.map((c) => c % (copied.length + 1)))].sort((a, b) => a - b);
        const converter = new CrlfOutsideQuotes();
        let out = '';
        let from = 0;
        for (const p of [...points, copied.length]) {
          out += converter.convert(copied.slice(from, p));
          from = p;
        }
        assert.equal(out, lines.map((l) => `${l}\r\n`).join(''));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('COPY and cursor exports write the same bytes', () => {
  let db: Database;
  let drop: () => Promise<void>;
  before(async () => ({ db, drop } = await openTestDatabase()));
  after(() => drop());

  test('for any text, with bound values read back through settings', async (t) => {
    if (db.kind !== 'postgres') return t.skip('COPY streaming is the PostgreSQL server path');
    const query = `select nullif(v.x, '') as c0, nullif(upper(v.x), '') as c1, v.i::text as c2 from unnest($1::text[]) with ordinality v(x, i)
                   where v.i <= $2 and v.x is distinct from $3 order by v.i`;
    const cursorCsvRows: typeof copyCsvRows = (client, text, params) => csvRows(cursorBatches(client, text, params));
    const read = async (path: typeof copyCsvRows, params: unknown[]) => {
      const client = await db.pool.connect();
      try {
        await client.query('begin');
        const chunks: Buffer[] = [];
        for await (const chunk of path(client, query, params)) chunks.push(chunk);
        await client.query('commit');
        return Buffer.concat(chunks);
      } finally {
        client.release();
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            field,
            fc.string({ unit: 'grapheme' }).map((s) => s.replaceAll('\u0000', '')),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        fc.nat(60),
        fc.string(),
        async (list, upTo, skip) => {
          const params = [list, upTo, skip.replaceAll('\u0000', '')];
          const copied = await read(copyCsvRows, params);
          assert.deepEqual(copied.toString('utf16le'), (await read(cursorCsvRows, params)).toString('utf16le'));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a COPY download', () => {
  test('is not cut off by the export deadline: it lasts as long as its client takes the file', async (t) => {
    if (!postgresBase()) return t.skip('COPY streaming is the PostgreSQL server path');
    const { db, drop } = await openTestDatabase({ queryTimeoutMs: 1000, exportTimeoutMs: 1000 });
    const client = await db.exportPool.connect();
    try {
      await client.query('begin');
      // Far more than the socket buffers hold: the server waits on the client while it pauses.
      const rows = copyCsvRows(client, 'select g::text from generate_series(1, 2000000) g', []);
      let end = (await rows.next()).value!.toString('utf16le');
      await new Promise((r) => setTimeout(r, 1500));
      for await (const chunk of rows) end = (end + chunk.toString('utf16le')).slice(-40);
      await client.query('commit');
      assert.ok(end.endsWith('\r\n2000000\r\n'), end);
    } finally {
      client.release();
      await drop();
    }
  });
});
