// Which group a grouped list request reads inside (`group`): a JSON list of grouping values, the main
// grouping column's first, then the sub grouping column's, as the answer's `groups[].values` gave them.
// Fewer values than grouping columns: the answer is a page of the groups one level down; as many: the
// group's rows. JSON keeps a NULL group apart from an empty text. Each value is checked against its
// column's type here, so a wrong one is refused with a sentence, never handed to SQL to fail on.
import { isIsoCalendarDate } from '../../../common/calendar.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';
import { one, type Params } from './params.ts';
import { TableRequestError, quoteName } from './request-error.ts';

const isoTime = /^[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const decimal = /^-?\d{1,20}(\.\d{1,20})?$/;

/** Whether `value` can stand for a value of a column of `type` (null: the group of rows without one). */
function fits(value: unknown, type: ValueType): boolean {
  if (value === null) return true;
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
    case 'date':
      return typeof value === 'string' && isIsoCalendarDate(value);
    case 'datetime':
      // As the API writes one (ISO 8601): a real day, then a time.
      return (
        typeof value === 'string' &&
        isIsoCalendarDate(value.slice(0, 10)) &&
        isoTime.test(value.slice(10)) &&
        !Number.isNaN(Date.parse(value))
      );
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
  values.forEach((value, i) => {
    const column = groups[i]!;
    if (!fits(value, column.type)) throw new TableRequestError('tableBadGroupValue', quoteName(column.name));
  });
  return values;
}
