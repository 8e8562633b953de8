// What of a resource an import reads (its definition's `import`: server/resources/*.ts): the fields a file's
// columns may fill, and how a file's header is matched to them. A field is matched by its label in the words
// of the moment, by the label its definition writes, or by its column name, case and spaces aside: our own
// export's header ("Store #", "Date", "Margin") is matched whole. A select found from a column shown from the
// row it picks (a sale's store, from its number: `finds`) is filled from that column, and matched by its
// own name only: its label ("Store") is the shown name's too.
import { fieldsOn } from '../../../common/form-definition.ts';
import type { ResourceImport } from '../../../common/resources/types.ts';
import { worded } from '../../../common/resources/words.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';

/** A field a file's column may fill. */
export interface ImportField {
  name: string;
  label: string;
  required: boolean;
  column: ColumnDef;
  /** field: a form field; finds: a shown column a select is found from; version: the row's version. */
  role: 'field' | 'finds' | 'version';
  /** The names the header is matched by, folded (see `fold`). */
  names: string[];
}

/** The resource's import option, or an error for one that has none (a route never asks then). */
export function importOf(def: ResourceDef): ResourceImport {
  if (!def.import) throw new Error(`resource ${def.name} takes no imports`);
  return def.import;
}

/** A header or label as compared: lower case, without spaces. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

const cache = new WeakMap<ResourceDef, ImportField[]>();

/** The fields an import of the resource reads, in the table's column order. */
export function importFields(def: ResourceDef): ImportField[] {
  const known = cache.get(def);
  if (known) return known;
  const spec = importOf(def);
  const now = worded(def);
  const found = spec.finds ?? {};
  const fields = [...fieldsOn(def.fields, 'add'), ...fieldsOn(def.fields, 'edit')].filter(
    (f, i, all) => all.findIndex((o) => o.name === f.name) === i && f.kind !== 'password' && f.kind !== 'choices',
  );
  const result: ImportField[] = [];
  for (const column of def.columns) {
    const label = now.columns.find((c) => c.name === column.name)?.label ?? column.label;
    const field = fields.find((f) => f.name === column.name);
    const findsFor = Object.entries(found).find(([, f]) => f.by === column.name)?.[0];
    if (field && !(column.name in found)) {
      const fieldLabel = now.fields.find((f) => f.name === field.name)?.label ?? field.label;
      const names = [fieldLabel, label, field.label, column.label, column.name];
      result.push({
        name: column.name,
        label: fieldLabel,
        required: !!field.rules?.required,
        column,
        role: 'field',
        names: names.map(fold),
      });
    } else if (field) {
      // Found from its shown column, or given by its key (a program sending the list API's names).
      result.push({ name: column.name, label, required: false, column, role: 'field', names: [fold(column.name)] });
    } else if (findsFor) {
      const required = !!fields.find((f) => f.name === findsFor)?.rules?.required;
      result.push({ name: column.name, label, required, column, role: 'finds', names: [label, column.label, column.name].map(fold) });
    } else if (def.version && column.name === def.version.name) {
      result.push({ name: column.name, label, required: false, column, role: 'version', names: [column.name].map(fold) });
    }
  }
  cache.set(def, result);
  return result;
}

/**
 * The field each header column fills (null: none), matched by its words (see the top): a field is given to
 * the first column that names it; a column named like none is left out.
 */
export function matchHeader(def: ResourceDef, header: ReadonlyArray<string>): Array<string | null> {
  const fields = importFields(def);
  const taken = new Set<string>();
  return header.map((text) => {
    const folded = fold(text);
    // A field's first name (its label now) wins over another's later one.
    for (let n = 0; n < 5; n++) {
      const field = fields.find((f) => !taken.has(f.name) && f.names[n] === folded);
      if (field) {
        taken.add(field.name);
        return field.name;
      }
    }
    return null;
  });
}

/** Why a mapping cannot be used: a name that is no field, or a field named twice; null when it can. */
export function mappingProblem(def: ResourceDef, header: ReadonlyArray<string>, mapping: ReadonlyArray<string | null>): string | null {
  if (mapping.length !== header.length) return 'length';
  const names = mapping.filter((m): m is string => m !== null);
  const fields = importFields(def);
  const unknown = names.find((n) => !fields.some((f) => f.name === n));
  if (unknown !== undefined) return `unknown:${unknown}`;
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return `twice:${twice}`;
  return names.length === 0 ? 'none' : null;
}
