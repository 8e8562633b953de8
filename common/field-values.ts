// An object of field values: what a summary endpoint answers and a summary table shows (spec section 2,
// "Summary tables read an object of field values"), label to value in the order to show them, each with
// the format it is shown in. Values are numbers as exact decimal text (PostgreSQL numeric), or text.
import { formatCurrency, formatNumber, formatPercent, type FormatName } from './format.ts';

/**
 * The formats a summary figure takes: amounts, counts and text. A date is sent as text already written
 * (dd/MM/yyyy): formatting it here would bring the date library into every page with a summary table.
 */
export const fieldTypes = ['text', 'integer', 'number', 'currency', 'percent'] as const satisfies ReadonlyArray<FormatName>;
export type FieldType = (typeof fieldTypes)[number];

export interface FieldValue {
  value: string | number | null;
  type: FieldType;
}

export type FieldValues = Record<string, FieldValue>;

const isFieldType = (type: unknown): type is FieldType => typeof type === 'string' && (fieldTypes as readonly string[]).includes(type);

/**
 * The field values in a JSON answer: entries shaped `{ value, type }`, and plain numbers or text (shown as
 * they are), so any endpoint answering a flat object can feed a summary table. Anything else is left out.
 */
export function readFieldValues(json: unknown): FieldValues {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return {};
  const fields: FieldValues = {};
  for (const [label, entry] of Object.entries(json)) {
    if (typeof entry === 'number' || typeof entry === 'string') fields[label] = { value: entry, type: 'text' };
    else if (entry !== null && typeof entry === 'object' && isFieldType((entry as FieldValue).type)) {
      const { value, type } = entry as FieldValue;
      if (value === null || typeof value === 'number' || typeof value === 'string') fields[label] = { value, type };
    }
  }
  return fields;
}

/** A field's value as people read it, as a table cell shows the same format: "$1,234.50", "12.34%", "1,234". */
export function fieldText({ value, type }: FieldValue): string {
  switch (type) {
    case 'text':
      return value === null ? '' : String(value);
    case 'integer':
      return formatNumber(value, 0);
    case 'number':
      return formatNumber(value, 2);
    case 'currency':
      return formatCurrency(value);
    case 'percent':
      return formatPercent(value);
  }
}
