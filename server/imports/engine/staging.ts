// An all-or-nothing import's rows to write, gathered in a staging table as each batch is planned, and written
// from there in large ranges (`flushRows`, and the rest at the end) by the import's transaction: a table's
// statement-level triggers then keep its totals once for tens of thousands of rows, where a statement a batch
// would update the same totals rows hundreds of times over in one transaction (each time a new row version to
// step over), and the next batch is planned while nothing is held in memory.
// On a PostgreSQL server the rows are planned and staged beside the transaction, on a connection of their own
// (`beside`: an unlogged table named for the import, each batch committed as it is staged), while the
// transaction writes the range staged before: the server reads and checks rows, and the database writes
// them, at once (planning in the transaction, the one connection ran both in turn: docs/imports.md, "Speed").
// Planned there, a change locks nothing: its write changes the row only at the version it was planned from
// (written-rows.ts). The embedded database serves every connection from one backend, so there the rows are
// staged in a temporary table of the transaction itself, and each range written in turn.
// A row the database refuses when its range is written is told then (`late`), with what the staging table
// kept of it: its line, its label and the file's cells.
import type pg from 'pg';
import type { ColumnDef } from '../../resources/resource-def.ts';
import { writeRange, type WriteRefusal } from './batch-write.ts';
import type { Planned } from './row-plan.ts';
import type { MappedRow } from './types.ts';
import { isWriting, type RowRange, type RowShape } from './written-rows.ts';

/** A row refused when its range was written: what it had been planned as, and the row as the staging table kept it. */
export interface LateRefusal {
  was: 'add' | 'change';
  row: MappedRow;
  label: string;
  refusal: WriteRefusal;
}

const KEPT = ['line int4', 'label text', 'cells text'] as const;

/** The staging table beside an import's transaction: one a run, named for its import. */
const besideTable = (importId: number) => `import_staging_${importId}`;

export class Staging {
  private staged = 0;
  private from: number | null = null;
  private to = 0;
  private present = new Set<string>();
  /** The range being written beside the staging, when there is one (`busy` until it is written); its failure. */
  private writing: Promise<LateRefusal[]> | null = null;
  private busy = false;
  private failure: { err: unknown } | null = null;

  private constructor(
    /** The import's transaction, which writes the rows. */
    private readonly writer: pg.PoolClient,
    /** Where the rows are planned and staged: the writer itself, or a connection beside it. */
    readonly planner: pg.PoolClient,
    private readonly table: string,
    private readonly shape: RowShape,
    private readonly flushRows: number,
  ) {}

  /** A staging table in the writer's transaction, dropped when it ends: rows staged and written in turn. */
  static async inTransaction(writer: pg.PoolClient, shape: RowShape, flushRows: number): Promise<Staging> {
    await writer.query(`create temporary table import_staging (${Staging.columns(shape)}) on commit drop`);
    return new Staging(writer, writer, 'import_staging', shape, flushRows);
  }

  /**
   * A staging table that `planner` (a connection of its own, outside any transaction) fills while `writer`
   * writes; it outlives the transaction until `dropBeside`. One left by a run the process did not finish is
   * dropped first.
   */
  static async beside(writer: pg.PoolClient, planner: pg.PoolClient, shape: RowShape, flushRows: number): Promise<Staging> {
    const table = besideTable(shape.importId);
    await planner.query(`drop table if exists ${table}`);
    await planner.query(`create unlogged table ${table} (${Staging.columns(shape)})`);
    return new Staging(writer, planner, table, shape, flushRows);
  }

  /** Drops the staging table of an import's run beside its transaction (after the transaction has ended). */
  static async dropBeside(planner: pg.PoolClient, importId: number): Promise<void> {
    await planner.query(`drop table if exists ${besideTable(importId)}`);
  }

  private static columns(shape: RowShape): string {
    return [...shape.columnList(), ...KEPT].join(', ');
  }

  /**
   * Stages the batch's adds and changes (the batch's rows numbered from `first`); writes them when enough are
   * staged. The rows the database refused in the range written last (beside: the one before, written meanwhile).
   */
  async add(planned: ReadonlyArray<Planned>, first: number): Promise<LateRefusal[]> {
    if (this.failure) throw this.failure.err;
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
    await this.planner.query(`insert into ${this.table} select ${this.shape.keyedColumns(bind, KEPT)} from ${sql}`, params);
    this.from ??= first;
    this.to = first + planned.length - 1;
    this.staged += writing.length;
    return this.due() ? this.write() : [];
  }

  /**
   * Whether to write what is staged: `flushRows` of it; beside, also a fifth of that when the range before is
   * written (or none was), so that the transaction does not wait long for its first rows, nor for the last
   * range once the file is read. Ranges then grow as long as the writing is slower than the planning.
   */
  private due(): boolean {
    if (this.staged >= this.flushRows) return true;
    return this.planner !== this.writer && !this.busy && this.staged >= this.flushRows / 5;
  }

  /** Writes what is staged, once the range before is written; the rows the database refused. */
  async flush(): Promise<LateRefusal[]> {
    const late = await this.write();
    return late.length ? late : this.written();
  }

  /** Waits for a range still being written, its outcome aside: the transaction is ending with a failure. */
  async settle(): Promise<void> {
    await this.writing?.catch(() => undefined);
  }

  /**
   * Starts writing what is staged once the range before is written (or refused rows: then nothing more is).
   * Beside, it is written while the next rows are staged; in the transaction, now.
   */
  private async write(): Promise<LateRefusal[]> {
    const late = await this.written();
    if (late.length || this.from === null) return late;
    const range: RowRange = { from: this.from, to: this.to, without: [], present: this.present };
    this.from = null;
    this.staged = 0;
    this.present = new Set();
    const write = this.writeRange(range);
    if (this.planner === this.writer) return write;
    this.writing = write;
    this.busy = true;
    write.then(
      () => (this.busy = false),
      (err: unknown) => (this.failure = { err }),
    );
    return [];
  }

  /** The range being written, once written: the rows the database refused. */
  private async written(): Promise<LateRefusal[]> {
    const writing = this.writing;
    this.writing = null;
    return writing ? writing : [];
  }

  private async writeRange(range: RowRange): Promise<LateRefusal[]> {
    const source = { sql: `${this.table} r`, params: [], keyed: true };
    const done = await writeRange(this.writer, this.shape, source, range, false, (n) => this.sentOf(n));
    const late = done.refused.size ? await this.refusedRows(done.refused) : [];
    // In the transaction, the rows written are let go; beside, the next rows are being staged meanwhile.
    if (this.planner === this.writer) await this.writer.query(`truncate ${this.table}`);
    return late;
  }

  private async refusedRows(refused: ReadonlyMap<number, WriteRefusal>): Promise<LateRefusal[]> {
    const { rows } = await this.writer.query<{ n: number; kind: 'add' | 'change'; line: number; label: string; cells: string | null }>(
      `select import_row as n, kind, line, label, cells from ${this.table} where import_row = any($1::int8[]) order by import_row`,
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
    const { rows } = await this.writer.query<Record<string, unknown>>(`select * from ${this.table} where import_row = $1`, [n]);
    const row = rows[0];
    if (!row) return [];
    return this.shape.signatureColumns(Number(row.sig)).map((i) => ({ column: this.shape.columns[i]!, value: row[`c${i}`] }));
  }
}
