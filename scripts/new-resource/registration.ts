// The one line an entity adds to server/resources/index.ts, and its import: `registeredIndex` gives the file's
// text with both, as biome keeps it (imports in order of their path, one registry entry a line, the new one
// last), or says why it cannot. Pure, like the templates beside it.
import { entityNames } from './names.ts';

/** The index's text with the entity's import and its entry in `checkedRegistry([...])`; an Error when its shape is not the one known. */
export function registeredIndex(source: string, name: string): string {
  const { constant, file } = entityNames(name);
  const path = `./${file}`;
  const imports = [...source.matchAll(/^import [^;]+ from '([^']+)';\n/gm)];
  const local = imports.filter((m) => m[1]!.startsWith('./'));
  if (local.length === 0) throw new Error('it imports no definition beside it');
  // Before the first definition whose path sorts after this one's, as biome orders them; else after the last.
  const next = local.find((m) => m[1]! > path);
  const last = local[local.length - 1]!;
  const at = next ? next.index : last.index + last[0].length;
  const withImport = `${source.slice(0, at)}import { ${constant} } from '${path}';\n${source.slice(at)}`;
  const list = /^(export const resources = checkedRegistry\(\[\n(?: {2}\w+,\n)+)(\]\);)$/m.exec(withImport);
  if (!list) throw new Error('its registry is not one `checkedRegistry([` with an entry a line');
  const end = list.index + list[1]!.length;
  return `${withImport.slice(0, end)}  ${constant},\n${withImport.slice(end)}`;
}
