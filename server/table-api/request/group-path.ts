// Which group a grouped list request reads inside (`group`): a JSON list of grouping values, the main
// grouping column's first, then the sub grouping column's, as the answer's `groups[].values` gave them.
// Fewer values than grouping columns: the answer is a page of the groups one level down; as many: the
// group's rows. JSON keeps a NULL group apart from an empty text. Each value is checked against its
// column's type here, so a wrong one is refused with a sentence, never handed to SQL to fail on; a day or
// a time is refused with the reason (a time is read by server/params/instant-param.ts and bound as the UTC
// instant it names, the form the API writes it in, so one the API sent comes back unchanged).
import { isIsoCalendarDate } from '../../../common/calendar.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import { msg } from '../../messages.ts';
import { readInstant } from '../../params/instant-param.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';
import { one, type Params } from './params.ts';
import { TableRequestError, quoteName } from './request-error.ts';

const decimal = /^-?\d{1,20}(\.\d{1,20})?$/;

/** Whether `value` can stand for a value of a column of `type` other than a day or a time (null: the group of rows without one). */
function fits(value: unknown, type: Exclude<ValueType, 'date' | 'datetime'>): boolean {
  switch (type) {
    case 'text':
      // A NUL cannot be stored in a text, so no row holds one.
      return typeof value === 'string' && !value.includes('\u0000');
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isSafeInteger(value) || (typeof value === 'string' && /^-?\d{1,18}$/.test(value));
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && decimal.test(value));
  }
}

/** The value as bound for its column (a time as the UTC instant it names); refused with the reason when it cannot be one. */
function groupValue(value: unknown, column: ColumnDef): unknown {
  if (value === null) return null;
  const name = quoteName(column.name);
  switch (column.type) {
    case 'date': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
        throw new TableRequestError('tableBadGroupDay', name, msg('dayForm'));
      if (!isIsoCalendarDate(value)) throw new TableRequestError('tableBadGroupDay', name, msg('dayNotInCalendar'));
      return value;
    }
    case 'datetime': {
      const read = typeof value === 'string' ? readInstant(value) : { problem: 'instantForm' as const };
      if ('problem' in read) throw new TableRequestError('tableBadGroupTime', name, msg(read.problem));
      return read.instant;
    }
    default:
      if (!fits(value, column.type)) throw new TableRequestError('tableBadGroupValue', name);
      return value;
  }
}

/** The `group` parameter's values, one per grouping column from the main one down (none when absent). */
export function readGroupPath(params: Params, groups: ReadonlyArray<ColumnDef>): unknown[] {
  const text = one(params, 'group')?.trim();
  if (!text) return [];
  if (groups.length === 0) throw new TableRequestError('tableGroupWithoutGrouping');
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch {
    throw new TableRequestError('tableBadGroup', groups.length);
  }
  if (!Array.isArray(values) || values.length === 0 || values.length > groups.length)
    throw new TableRequestError('tableBadGroup', groups.length);
  return values.map((value, i) => groupValue(value, groups[i]!));
}
