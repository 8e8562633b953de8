// A record's fields as a detail page lists them: each named column's label and its value formatted as the
// table shows it (common/format.ts). The names are typed by the resource's definition: a page naming a
// column its definition lacks fails tsc.
import { cellText } from '../../common/format.ts';
import type { ResourceDef, Row } from '../resources/resource-def.ts';
import { inWords } from '../../common/resources/words.ts';

export interface ShownField {
  label: string;
  value: string;
}

/** The columns a detail page of `D`'s rows shows, in order. */
export type ShownColumns<D extends Pick<ResourceDef, 'columns'>> = ReadonlyArray<D['columns'][number]['name']>;

/** The named columns of `row`, in the order named. */
export function recordFields<D extends Pick<ResourceDef, 'name' | 'title' | 'columns' | 'fields'>>(
  resource: D,
  row: Row,
  names: ShownColumns<D>,
): ShownField[] {
  return names.map((name) => {
    const column = resource.columns.find((c) => c.name === name);
    // Only a definition typed loosely (a string column name) gets here.
    if (!column) throw new Error(`resource ${resource.name} has no column ${name}`);
    const [now] = inWords(resource, [column]);
    return { label: now!.label, value: cellText(now!, row[name]) };
  });
}
