// The engine's words: a row as a file or a program gives it, what the engine decided for it, and the counts.

/** What an import does with the file's rows: add new and change existing ones, or only one of the two. */
export const importModes = ['add-update', 'add', 'update'] as const;
export type ImportMode = (typeof importModes)[number];

/** A row to import: where it was (a file's line, a program's row number) and each field's text (field name → text). */
export interface MappedRow {
  line: number;
  values: Readonly<Record<string, string>>;
  /** The row as the file had it, for the caller's refused-rows file; the engine does not read it. */
  cells?: ReadonlyArray<string>;
}

/** A field's change as the preview shows it: "label: old → new", both as the table shows them. */
export interface FieldChangeText {
  Label: string;
  Old: string;
  New: string;
}

/** What became of a row. */
export interface RowOutcome {
  row: MappedRow;
  result: 'add' | 'change' | 'unchanged' | 'refused';
  /** The row's key once added or found (absent for a refused row, and for an add not written). */
  key?: number;
  /** A refused row's messages, each naming its field ("Sales: Please enter a valid number."). */
  messages: string[];
  /** A refused row's messages by field name (the table API's `fields`). */
  fields?: Record<string, string>;
  /** A changed row's changes. */
  changes: FieldChangeText[];
  /** The row as people name it: its key columns' values from the file ("1012, 07/03/2026"). */
  label: string;
}

export interface ImportCounts {
  Add: number;
  Change: number;
  Unchanged: number;
  Refused: number;
}
