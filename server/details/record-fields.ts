// A record's fields as a detail page lists them: each named column's label and its value formatted as the
// table shows it (common/format.ts).
import { formatValue } from '../../common/format.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import type { Row } from '../resources/resource-def.ts';

export interface ShownField {
  label: string;
  value: string;
}

/** The named columns of `row`, in the order named; a name the definition lacks fails loudly (a page's mistake). */
export function recordFields(def: ResourceDef, row: Row, names: ReadonlyArray<string>): ShownField[] {
  return names.map((name) => {
    const column = def.columns.find((c) => c.name === name);
    if (!column) throw new Error(`resource ${def.name} has no column ${name}`);
    return { label: column.label, value: formatValue(row[name], column.format) };
  });
}
