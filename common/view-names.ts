// A saved view's name (issue 39): trimmed, 1 to VIEW_NAME_MAX characters, refused in the rule set's words for
// required and maxLength (common/validation-messages.ts), the same in the Views dialog, before it sends
// anything, and on the server. Checked here rather than through the whole rule set (common/validation.ts),
// which the dialog would otherwise load for this one field.
import { validationMsg } from './validation-messages.ts';

export const VIEW_NAME_MAX = 60;

/** Why `name` cannot name a view, in words; null when it can (once trimmed). */
export function viewNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return validationMsg('required');
  return [...trimmed].length > VIEW_NAME_MAX ? validationMsg('maxLength', VIEW_NAME_MAX) : null;
}
