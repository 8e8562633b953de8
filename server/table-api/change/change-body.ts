// The body of an add, edit or delete: which rows (the key, or its plural with a list), the version each was
// read at, and the column values. JSON or form encoded; the query string may carry keys too (DELETE).
import type { Action } from '../../../common/resources/types.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { TableRequestError } from '../request/request-error.ts';

export interface MutationBody {
  keys: number[];
  /** Aligned with `keys`; undefined where the client sent none. */
  versions: Array<number | undefined>;
  /** Column values by API name, as sent. */
  values: Record<string, unknown>;
}

/** All (the page-size menu's largest choice) is also the most rows one request may change. */
const MAX_ROWS_PER_REQUEST = 1000;

export function readMutationBody(def: ResourceDef, action: Exclude<Action, 'list' | 'export'>, ...sources: unknown[]): MutationBody {
  const merged: Record<string, unknown> = {};
  for (const source of sources) if (source && typeof source === 'object' && !Array.isArray(source)) Object.assign(merged, source);
  delete merged._csrf;
  // jQuery's form encoding names a list `StoreIDs[]`: the same list as `StoreIDs`.
  for (const name of Object.keys(merged)) {
    if (name.endsWith('[]') && !(name.slice(0, -2) in merged)) merged[name.slice(0, -2)] = merged[name];
    if (name.endsWith('[]')) delete merged[name];
  }
  const plural = `${def.key.name}s`;
  const versionName = def.version?.name ?? 'Version';
  const { [def.key.name]: single, [plural]: many, [versionName]: version, [`${versionName}s`]: versions, ...values } = merged;
  if (action === 'add') return { keys: [], versions: [], values };

  const keys = many !== undefined ? idList(many, plural) : single !== undefined ? idList(single, def.key.name) : [];
  if (keys.length === 0) throw new TableRequestError('tableNoKeys', def.key.name, plural);
  if (keys.length > MAX_ROWS_PER_REQUEST) throw new TableRequestError('tableTooManyRows', MAX_ROWS_PER_REQUEST);
  const versionList =
    versions !== undefined
      ? idList(versions, `${versionName}s`, 'tableBadVersions')
      : version !== undefined
        ? idList(version, versionName, 'tableBadVersions')
        : [];
  if (versionList.length > 0 && versionList.length !== keys.length) {
    throw new TableRequestError('tableVersionCount', keys.length, versionList.length);
  }
  return { keys, versions: keys.map((_, i) => versionList[i]), values: action === 'delete' ? {} : values };
}

/** A list of whole numbers from a JSON array, a repeated form field, or comma separated text. */
function idList(value: unknown, name: string, refusal: 'tableBadKeys' | 'tableBadVersions' = 'tableBadKeys'): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const texts = items.map((v) => (typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '?')).filter((v) => v !== '');
  if (texts.some((v) => !/^\d{1,15}$/.test(v))) throw new TableRequestError(refusal, name);
  return texts.map(Number);
}
