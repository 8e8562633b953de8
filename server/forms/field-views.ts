// What views/_field.eta needs to draw each field of a form definition: ids, the value to show back (never a
// password), the options, the rules as the JSON the browser validates with, whether it is required, its hint
// and the message to show.
import { hintText, type FormDefinition, type FormField } from '../../common/form-definition.ts';
import { msg } from '../messages.ts';
import type { Choice, ChoiceLists, FormValues } from './submitted-form.ts';

interface FieldView {
  field: FormField;
  id: string;
  inputType: 'text' | 'email' | 'password';
  value: string;
  checked: boolean;
  options: Array<Choice & { selected: boolean }>;
  /** The FieldRules as JSON for data-rules; '' when the field has none. */
  rules: string;
  /** The element that says what is wrong with this field. */
  messageId: string;
  message: string;
  /**
   * The marker beside the label of a field that must be filled in (by its own rule, or as one of a date pair);
   * '' when it may stay empty. Screen readers hear aria-required instead.
   */
  requiredMark: string;
  /** The hint under the label, '' when none; `${id}-hint`. */
  hint: string;
  hintId: string;
  /** aria-describedby: the hint, then the message. */
  describedBy: string;
  /** Whether the field draws its own message slot; the fields of a date pair share the pair's slot. */
  ownSlot: boolean;
  /** The date pair's slot, drawn after the pair's To field. */
  pairSlot: { id: string; message: string } | null;
}

interface FieldViewInput {
  /** Makes ids unique on the page: `${idPrefix}-${field name}`. */
  idPrefix: string;
  values?: FormValues;
  messages?: Record<string, string>;
  choices?: ChoiceLists;
}

export function fieldViews(form: FormDefinition, { idPrefix, values = {}, messages = {}, choices = {} }: FieldViewInput): FieldView[] {
  const pair = form.dateRange;
  const pairId = pair ? `${idPrefix}-${pair.name}-message` : '';
  return form.fields.map((field) => {
    const id = `${idPrefix}-${field.name}`;
    const value = values[field.name];
    const text = typeof value === 'string' && field.kind !== 'password' ? value : '';
    const picked = new Set(Array.isArray(value) ? value : [text]);
    const inPair = pair !== undefined && (field.name === pair.from || field.name === pair.to);
    const messageId = inPair ? pairId : `${id}-message`;
    const hint = hintText(field);
    const hintId = `${id}-hint`;
    return {
      field,
      id,
      inputType: field.kind === 'email' || field.kind === 'password' ? field.kind : 'text',
      value: text,
      checked: value === true,
      options: (choices[field.name] ?? field.choices ?? []).map((c) => ({ ...c, selected: picked.has(c.value) })),
      rules: field.rules ? JSON.stringify(field.rules) : '',
      messageId,
      message: inPair ? (messages[pair.name] ?? '') : (messages[field.name] ?? ''),
      requiredMark: field.rules?.required === true || inPair ? msg('fieldRequired') : '',
      hint,
      hintId,
      describedBy: hint ? `${hintId} ${messageId}` : messageId,
      ownSlot: !inPair,
      pairSlot: pair && field.name === pair.to ? { id: pairId, message: messages[pair.name] ?? '' } : null,
    };
  });
}
