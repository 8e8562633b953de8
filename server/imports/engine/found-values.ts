// The selects an import finds from a shown column (`finds`: a sale's store from its number), read once per
// import: each choice the user is offered for the field (within their scope there, as the dialog's list and
// the table API's check: change/choices.ts), by the text of the column compared. A text that names two of
// them (a store number used in two regions, for someone who sees both) is ambiguous, and refused as such.
// The choices are kept a minute per query and scope (a chain's close of day asks the same few thousand stores
// for each of 5,000 requests), forgotten at once on every instance when a table they read changes (the hub);
// a write still holds each row to the user's scope as it is then (written-rows.ts), so choices a moment old
// can refuse a row, never let one through.
import type pg from 'pg';
import { keepFiguresOf } from '../../table-api/cache/changed-tables.ts';
import { ShortLived } from '../../table-api/cache/short-lived.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { optionColumns } from '../../table-api/change/choices.ts';
import { scopeColumns, scopeConditions } from '../../table-api/query/scope.ts';
import { fromClause } from '../../table-api/query/sql.ts';

export const AMBIGUOUS = Symbol('ambiguous');

/** One found field: its choices' keys by the compared text, and every key offered (for a key sent as it is). */
export interface FoundField {
  field: string;
  by: string;
  byText: ReadonlyMap<string, number | typeof AMBIGUOUS>;
  keys: ReadonlySet<number>;
}

/** How a found column's text is compared: a whole number as its value ("0012" is 12), text case aside. */
export function foundKey(text: string): string {
  const trimmed = text.trim();
  return /^\d{1,15}$/.test(trimmed) ? String(Number(trimmed)) : trimmed.toLowerCase();
}

export async function readFoundFields(
  db: pg.Pool,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
): Promise<FoundField[]> {
  const found: FoundField[] = [];
  for (const [field, { by, there }] of Object.entries(def.import?.finds ?? {})) {
    const options = def.fields.find((f) => f.name === field)?.options;
    if (!options) throw new Error(`resource ${def.name}: ${field} is found on import but is no select of another resource's rows`);
    const { from, value, only, sameGroup } = optionColumns(options, served);
    const compared = from.columns.find((c) => c.name === there);
    if (!compared) throw new Error(`resource ${def.name}: ${field} is found by ${from.name}'s ${there}, which it has not`);
    const params: unknown[] = [];
    const conditions = [
      ...scopeConditions(from, user, 'list', undefined, params, served),
      ...only.map((c) => c.sql),
      ...sameGroup.flatMap((c) => from.sameGroupRule!(user, c.sql, params) ?? []),
    ];
    const where = conditions.length ? conditions.map((c) => `(${c})`).join(' and ') : 'true';
    const read = [value, compared, ...only, ...sameGroup, ...scopeColumns(from)];
    const sql = `select ${value.sql} as key, (${compared.sql})::text as text from ${fromClause(from, read)} where ${where}`;
    const set = `import-choices:${from.name}`;
    // The scope rules read the stores and groups besides the resource's own tables.
    keepFiguresOf(set, [...from.tables, 'stores', 'groups']);
    const choices = await kept.get(db, set, [sql, params], async () => {
      const { rows } = await db.query<{ key: number; text: string | null }>(sql, params);
      const byText = new Map<string, number | typeof AMBIGUOUS>();
      for (const { key, text } of rows) {
        if (text === null) continue;
        const k = foundKey(text);
        byText.set(k, byText.has(k) && byText.get(k) !== key ? AMBIGUOUS : Number(key));
      }
      return { byText, keys: new Set(rows.map((r) => Number(r.key))) };
    });
    found.push({ field, by, ...choices });
  }
  return found;
}

/** The choices read, by query and values (see the top): shared, never changed once made. */
const kept = new ShortLived<Pick<FoundField, 'byText' | 'keys'>>(60_000, 200);
