// The texts of field rules and the date range check (spec section 5, worded exactly as it says). A catalogue
// of its own (common/messages.ts): it comes to the browser with the code that checks fields (forms, a table's
// row dialogs), not with every page; the server reaches it through server/messages.ts.
import { catalogue } from './messages.ts';

export const validationMessages = {
  // Validation (spec section 5)
  required: 'this field is required.',
  min: 'please enter a value greater than or equal to {0}.',
  max: 'please enter a value less than or equal to {0}.',
  minLength: 'please enter at least {0} characters.',
  maxLength: 'please enter no more than {0} characters.',
  pattern: 'please check this value.',
  step: 'value must increment by {0}',
  email: 'please enter a valid email address',
  date: 'please enter a valid date',
  dateISO: 'please enter a valid date',
  number: 'please enter a number',
  digit: 'please enter a digit',
  phoneUS: 'please specify a valid phone number',
  equal: 'Values must equal',
  notEqual: 'please choose another value.',
  unique: 'please make sure the value is unique.',
  username: 'username validation error!',
  usernameValid: 'valid username',
  // Ours, where the spec is silent: a day that has not come yet (a sale's day)
  notAfterToday: 'please enter a date no later than today.',
  dateRangeRequired: '"From Date" and "To Date" are required',
  dateRangeFromInvalid: '"From Date" is invalid',
  dateRangeToInvalid: '"To Date" is invalid',
  dateRangeTooOld: '"From Date" can not be less than {0} {1}',
  dateRangeToFuture: '"To Date" can not be greater than today',
  dateRangeFromAfterTo: '"From Date" can not be greater than "To Date"',
  dateRangeTooLong: 'Date range should not exceed {0} months',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

/** The rule text for `key`, following the language file. */
export const validationMsg = catalogue(validationMessages);
