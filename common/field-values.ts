// An object of field values: what a summary endpoint answers and a summary table shows (spec section 2,
// "Summary tables read an object of field values"), label to value in the order to show them, each with
// the format it is shown in. Values are numbers as exact decimal text (PostgreSQL numeric), or text.
import { formatNames, formatValue, type FormatName } from './format.ts';

export interface FieldValue {
  value: string | number | null;
  type: FormatName;
}

export type FieldValues = Record<string, FieldValue>;

const isFormat = (type: unknown): type is FormatName => typeof type === 'string' && (formatNames as readonly string[]).includes(type);

/**
 * The field values in a JSON answer: entries shaped `{ value, type }`, and plain numbers or text (shown as
 * they are), so any endpoint answering a flat object can feed a summary table. Anything else is left out.
 */
export function readFieldValues(json: unknown): FieldValues {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return {};
  const fields: FieldValues = {};
  for (const [label, entry] of Object.entries(json)) {
    if (typeof entry === 'number' || typeof entry === 'string') fields[label] = { value: entry, type: 'text' };
    else if (entry !== null && typeof entry === 'object' && isFormat((entry as FieldValue).type)) {
      const { value, type } = entry as FieldValue;
      if (value === null || typeof value === 'number' || typeof value === 'string') fields[label] = { value, type };
    }
  }
  return fields;
}

/** A field's value as people read it: "$1,234.50", "12.34%", "1,234". */
export function fieldText(field: FieldValue): string {
  return formatValue(field.value, field.type);
}
