// An all-or-nothing import's rows to write, gathered in a staging table of its transaction (temporary, gone
// at its end) as each batch is planned, and written from there in large ranges (`flushRows`, and the rest at
// the end): a table's statement-level triggers then keep its totals once for tens of thousands of rows, where
// a statement a batch would update the same totals rows hundreds of times over in one transaction (each time
// a new row version to step over), and the next batch is planned while nothing is held in memory. A row the
// database refuses when its range is written is told then (`late`), with what the staging table kept of it:
// its line, its label and the file's cells.
import type pg from 'pg';
import type { ColumnDef } from '../../resources/resource-def.ts';
import { writeRange, type WriteRefusal } from './batch-write.ts';
import type { Planned } from './row-plan.ts';
import type { MappedRow } from './types.ts';
import { isWriting, type RowShape } from './written-rows.ts';

/** A row refused when its range was written: what it had been planned as, and the row as the staging table kept it. */
export interface LateRefusal {
  was: 'add' | 'change';
  row: MappedRow;
  label: string;
  refusal: WriteRefusal;
}

const KEPT = ['line int4', 'label text', 'cells text'] as const;

export class Staging {
  private staged = 0;
  private from: number | null = null;
  private to = 0;
  private present = new Set<string>();

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly shape: RowShape,
    private readonly flushRows: number,
  ) {}

  /** A staging table in the client's transaction, dropped when it ends. */
  static async open(client: pg.PoolClient, shape: RowShape, flushRows: number): Promise<Staging> {
    await client.query(`create temporary table import_staging (${[...shape.columnList(), ...KEPT].join(', ')}) on commit drop`);
    return new Staging(client, shape, flushRows);
  }

  /** Stages the batch's adds and changes (the batch's rows numbered from `first`); writes them when enough are staged. */
  async add(planned: ReadonlyArray<Planned>, first: number): Promise<LateRefusal[]> {
    const present = this.present;
    const arrays = this.shape.arrays(planned, first, present);
    const writing = planned.filter(isWriting);
    if (writing.length === 0) return [];
    arrays.push(
      writing.map((p) => p.row.line),
      writing.map((p) => p.label),
      writing.map((p) => (p.row.cells ? JSON.stringify(p.row.cells) : null)),
    );
    // Each add's key drawn now, so that writing the rows reads them where they are (written-rows.ts).
    const { sql, params } = this.shape.unnested(arrays, KEPT);
    const bind = (value: unknown) => `$${params.push(value)}`;
    await this.client.query(`insert into import_staging select ${this.shape.keyedColumns(bind, KEPT)} from ${sql}`, params);
    this.from ??= first;
    this.to = first + planned.length - 1;
    this.staged += writing.length;
    return this.staged >= this.flushRows ? this.flush() : [];
  }

  /** Writes what is staged; the rows the database refused. */
  async flush(): Promise<LateRefusal[]> {
    if (this.from === null) return [];
    const range = { from: this.from, to: this.to, without: [], present: this.present };
    const source = { sql: 'import_staging r', params: [], keyed: true };
    const done = await writeRange(this.client, this.shape, source, range, false, (n) => this.sentOf(n));
    const late = done.refused.size ? await this.refusedRows(done.refused) : [];
    await this.client.query('truncate import_staging');
    this.from = null;
    this.staged = 0;
    this.present = new Set();
    return late;
  }

  private async refusedRows(refused: ReadonlyMap<number, WriteRefusal>): Promise<LateRefusal[]> {
    const { rows } = await this.client.query<{ n: number; kind: 'add' | 'change'; line: number; label: string; cells: string | null }>(
      `select import_row as n, kind, line, label, cells from import_staging where import_row = any($1::int8[]) order by import_row`,
      [[...refused.keys()]],
    );
    return rows.map((r) => ({
      was: r.kind,
      row: { line: r.line, values: {}, ...(r.cells !== null && { cells: JSON.parse(r.cells) as string[] }) },
      label: r.label,
      refusal: refused.get(Number(r.n))!,
    }));
  }

  /** The values a staged row writes, for the message of one the database refused. */
  private async sentOf(n: number): Promise<Array<{ column: ColumnDef; value: unknown }>> {
    const { rows } = await this.client.query<Record<string, unknown>>(`select * from import_staging where import_row = $1`, [n]);
    const row = rows[0];
    if (!row) return [];
    return this.shape.signatureColumns(Number(row.sig)).map((i) => ({ column: this.shape.columns[i]!, value: row[`c${i}`] }));
  }
}
