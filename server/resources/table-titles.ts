// A column whose values are names of the app's tables (`namesTables`: the audit log's Table) reads them as
// the tables' titles, in the words of the moment: its `valueLabels` are filled from the resources the app
// serves, which a definition cannot know when it is written.
import type { Column } from '../../common/resources/types.ts';
import { titleOf } from '../../common/resources/words.ts';
import type { ServedResource } from './resource-sql.ts';

export function withTableTitles<C extends Pick<Column, 'namesTables' | 'valueLabels'>>(
  columns: ReadonlyArray<C>,
  served: ReadonlyArray<ServedResource>,
): C[] {
  if (!columns.some((c) => c.namesTables)) return [...columns];
  const titles = Object.fromEntries(served.map((r) => [r.name, titleOf(r)]));
  return columns.map((c) => (c.namesTables ? { ...c, valueLabels: titles } : c));
}
