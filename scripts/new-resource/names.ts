// What `npm run new:resource <name>` makes of a name: the URL name people type becomes the table's name, its
// alias, the definition's constant and file, its title and its key column. And whether a name can be one at
// all: the shape it must have, and the words SQL keeps for itself (a table or an alias named `order` or `user`
// breaks every query the table API writes, which names them unquoted). Pure: no file is read here.

/** The longest name taken: the table's longest index name (`<table>_<column>_trgm_idx`) stays within 63 bytes. */
export const MAX_NAME_LENGTH = 40;

/** Lower-case words and digits joined by single hyphens, starting with a letter: `suppliers`, `cost-centres`. */
const shape = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * PostgreSQL's reserved key words (`select word from pg_get_keywords() where catcode in ('R', 'T')`, version
 * 18, which holds 15's): none can name a table or an alias unquoted.
 */
const sqlReserved = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation
   column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
   current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze
   from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit
   localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references
   returning right select session_user similar some symmetric system_user table tablesample then to trailing true
   union unique user using variadic verbose when where window with`.split(/\s+/),
);

/** Why `name` cannot be an entity's name, in words; null when its shape is fine. */
export function oddName(name: string): string | null {
  if (!shape.test(name))
    return `"${name}" is not a resource name: use lower-case letters and digits, words joined by single hyphens, starting with a letter (e.g. suppliers, cost-centres)`;
  if (name.length > MAX_NAME_LENGTH) return `"${name}" is longer than ${MAX_NAME_LENGTH} characters: its indexes' names would be cut short`;
  if (name.length < 2) return `"${name}" is too short to say what the entity is`;
  const table = tableName(name);
  if (sqlReserved.has(table)) return `"${name}" is a word SQL keeps for itself (${table}): its table could not be named plainly`;
  return null;
}

/** One thing, from the name of many: `suppliers` → `supplier`, `categories` → `category` (a guess to check). */
function singular(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function tableName(name: string): string {
  return name.replaceAll('-', '_');
}

/** A short alias for the table in SQL: its words' initials (or a one-word name's first letters), never a key word. */
function aliasOf(words: ReadonlyArray<string>): string {
  const letters = words.join('').replace(/[0-9]/g, '');
  let alias = words.length > 1 ? words.map((w) => w.charAt(0)).join('') : letters.slice(0, 2);
  for (let more = alias.length + 1; sqlReserved.has(alias) && more <= letters.length; more++) alias = letters.slice(0, more);
  return alias;
}

/** Everything a definition and its migration are named from `name` (which oddName accepts). */
export interface EntityNames {
  /** The URL name: /api/<name>, the screen /<name>. */
  name: string;
  /** The definition's file under server/resources/ and its constant: `cost-centres.ts`, `costCentresDef`. */
  file: string;
  constant: string;
  title: string;
  table: string;
  alias: string;
  /** The key's API name and column: `CostCentreID`, `cost_centre_id`. */
  key: string;
  keyColumn: string;
}

export function entityNames(name: string): EntityNames {
  const words = name.split('-');
  const last = words.length - 1;
  const one = words.map((w, i) => (i === last ? singular(w) : w));
  const camel = words.map((w, i) => (i === 0 ? w : capitalized(w))).join('');
  return {
    name,
    file: `${name}.ts`,
    constant: `${camel}Def`,
    title: capitalized(words.join(' ')),
    table: tableName(name),
    alias: aliasOf(words),
    key: `${one.map(capitalized).join('')}ID`,
    keyColumn: `${one.join('_')}_id`,
  };
}
