import { test, describe, after } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import {
  check,
  checkDateRange,
  fieldSchema,
  ruleNames,
  validateField,
  validateForm,
  type RuleName,
  type RuleParam,
} from '../../common/validation.ts';
import { useLanguage } from '../../server/messages.ts';

const messages = {
  required: 'this field is required.',
  min: (n: number) => `please enter a value greater than or equal to ${n}.`,
  max: (n: number) => `please enter a value less than or equal to ${n}.`,
  minLength: (n: number) => `please enter at least ${n} characters.`,
  maxLength: (n: number) => `please enter no more than ${n} characters.`,
  pattern: 'please check this value.',
  step: (n: number) => `value must increment by ${n}`,
  email: 'please enter a valid email address',
  date: 'please enter a valid date',
  number: 'please enter a number',
  digit: 'please enter a digit',
  phoneUS: 'please specify a valid phone number',
  equal: 'Values must equal',
  notEqual: 'please choose another value.',
  unique: 'please make sure the value is unique.',
} as const;

/** Runs one test per vector: `valid` must pass the rule, `invalid` must fail it with `message`. */
function ruleTable(
  rule: RuleName,
  param: RuleParam,
  message: string,
  vectors: { valid: ReadonlyArray<unknown>; invalid: ReadonlyArray<unknown> },
): void {
  const withParam = param === undefined ? '' : ` with parameter ${String(param)}`;
  for (const value of vectors.valid) {
    test(`${rule}${withParam} accepts ${JSON.stringify(value)}`, () => {
      assert.equal(check(rule, value, param), null);
    });
  }
  for (const value of vectors.invalid) {
    test(`${rule}${withParam} rejects ${JSON.stringify(value)} with its message`, () => {
      assert.equal(check(rule, value, param), message);
    });
  }
}

describe('the rule names', () => {
  test('list each rule of the spec once', () => {
    assert.deepEqual(
      [...ruleNames].sort(),
      [
        'date',
        'dateISO',
        'digit',
        'email',
        'equal',
        'max',
        'maxLength',
        'min',
        'minLength',
        'notEqual',
        'number',
        'pattern',
        'phoneUS',
        'required',
        'step',
        'unique',
      ].sort(),
    );
    assert.equal(new Set(ruleNames).size, ruleNames.length);
  });
});

describe('empty values', () => {
  const params: Record<RuleName, RuleParam> = {
    required: undefined,
    min: 5,
    max: 5,
    minLength: 3,
    maxLength: 3,
    pattern: /x/,
    step: 0.5,
    email: undefined,
    date: undefined,
    dateISO: undefined,
    number: undefined,
    digit: undefined,
    phoneUS: undefined,
    equal: 'a',
    notEqual: 'a',
    unique: ['a'],
  };
  const empties: ReadonlyArray<unknown> = [undefined, null, '', '   ', '\t\n'];
  for (const rule of ruleNames.filter((name) => name !== 'required')) {
    test(`pass the ${rule} rule whatever its parameter`, () => {
      for (const value of empties) assert.equal(check(rule, value, params[rule]), null, JSON.stringify(value));
    });
  }
  test('fail the required rule', () => {
    for (const value of empties) assert.equal(check('required', value), messages.required, JSON.stringify(value));
  });
});

describe('required', () => {
  ruleTable('required', undefined, messages.required, {
    valid: ['a', ' a ', '0', 0, 42, false, true, 'false', '\u00a0x'],
    invalid: [undefined, null, '', ' ', '   ', '\t', '\r\n', '\u00a0'],
  });
});

describe('values that are not form values', () => {
  test("fail any rule with that rule's message, since no field can hold an object or a list", () => {
    assert.equal(check('required', { a: 1 }), messages.required);
    assert.equal(check('maxLength', ['a'], 3), messages.maxLength(3));
    assert.equal(check('number', { valueOf: () => 1 }), messages.number);
  });
});

describe('min', () => {
  ruleTable('min', 5, messages.min(5), {
    valid: ['5', '5.0', '5.01', '6', '1,234.5', '1,000,000', 5, 100, '0005'],
    invalid: ['4.99', '4', '0', '-5', '-.5', '.5', 4.999, '1,23', 'abc', '5a', '5,0', '1e3', ' 6'],
  });
  ruleTable('min', -1.5, messages.min(-1.5), {
    valid: ['-1.5', '-1', '0', '-0.5'],
    invalid: ['-1.51', '-2', '-1,000'],
  });
  test('accepts its bound as numeric text', () => {
    assert.equal(check('min', '10', '10'), null);
    assert.equal(check('min', '9', '10'), messages.min(10));
  });
});

describe('max', () => {
  ruleTable('max', 1000, messages.max(1000), {
    valid: ['1000', '1,000', '999.99', '0', '-5', '-1,234.5', '.5', 1000],
    invalid: ['1000.01', '1,000.5', '1,001', '2000', 1001, 'lots', '1,00'],
  });
});

describe('minLength', () => {
  ruleTable('minLength', 3, messages.minLength(3), {
    valid: ['abc', 'abcd', ' ab', 'ab ', 123, '😀😀😀', 'a b'],
    invalid: ['ab', 'a', ' a', 12, '😀😀'],
  });
});

describe('maxLength', () => {
  ruleTable('maxLength', 3, messages.maxLength(3), {
    valid: ['abc', 'ab', 'a', 123, '😀😀😀', ' a '],
    invalid: ['abcd', 'abc ', ' abc', 1234, '😀😀😀😀'],
  });
});

describe('pattern', () => {
  ruleTable('pattern', /[a-z]+/, messages.pattern, {
    valid: ['abc', 'z'],
    invalid: ['abc1', '1abc', 'ABC', 'ab c'],
  });
  ruleTable('pattern', '\\d{3}', messages.pattern, {
    valid: ['123', '000'],
    invalid: ['12', '1234', 'a123'],
  });
  ruleTable('pattern', 'a|b', messages.pattern, {
    valid: ['a', 'b'],
    invalid: ['ab', 'ba', 'xa', 'c'],
  });
  ruleTable('pattern', /abc/i, messages.pattern, {
    valid: ['abc', 'ABC', 'aBc'],
    invalid: ['abcd'],
  });
  test('gives the same answer every time for a global RegExp', () => {
    const global = /a/g;
    assert.deepEqual([check('pattern', 'a', global), check('pattern', 'a', global), check('pattern', 'a', global)], [null, null, null]);
  });
  test('matches the whole value even for a multiline RegExp', () => {
    assert.equal(check('pattern', 'a\nb', /a/m), messages.pattern);
  });
});

describe('step', () => {
  ruleTable('step', 0.1, messages.step(0.1), {
    valid: ['0.3', '1.1', '0.7', '0', '-0.3', '2', '100.5', '1,000.1', 0.3, 1.1, 0.1 + 0.2],
    invalid: ['0.35', '0.01', '1.15', '-0.05', 'x', '1,23', '0.301', '2.0001'],
  });
  ruleTable('step', 0.25, messages.step(0.25), {
    valid: ['0.25', '0.5', '1', '10.75'],
    invalid: ['0.3', '0.1', '1.2'],
  });
  ruleTable('step', 0.01, messages.step(0.01), {
    valid: ['1.24', '0.3', '1234567.89', '-0.01', 0.1 + 0.2, '1,000.05', '999999999.99', 999999999.99, '0.07', 0.07 * 3],
    invalid: ['1.239', '0.001', '-0.005', '999999999.991', '1e-7'],
  });
  ruleTable('step', 5, messages.step(5), {
    valid: ['5', '10', '-15', '0', '1,000'],
    invalid: ['3', '7.5', '12'],
  });
});

describe('email', () => {
  ruleTable('email', undefined, messages.email, {
    valid: [
      'user@example.com',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'a@b',
      'x_y-z@a-b.example',
      'UPPER@EXAMPLE.COM',
      '#!$%&*+/=?^_`{|}~@example.com',
      '1@2.3',
    ],
    invalid: [
      'plainaddress',
      '@example.com',
      'user@',
      'user@@example.com',
      'user name@example.com',
      'user@exa mple.com',
      'user@exa_mple.com',
      'user@-example.com',
      'user@example-.com',
      'user@example..com',
      'user@.example.com',
      ' user@example.com',
      'user@example.com ',
      'us"er@example.com',
      `user@${'a'.repeat(64)}.com`,
      'user@ex(ample).com',
    ],
  });
});

describe('date (day/month/year)', () => {
  ruleTable('date', undefined, messages.date, {
    valid: ['29/02/2024', '1/1/2024', '01/01/2024', '31/12/1999', '9/09/2024', '29/02/2000', '30/04/2024', '31/01/2025'],
    invalid: [
      '31/02/2024',
      '30/02/2024',
      '29/02/2023',
      '29/02/1900',
      '31/04/2024',
      '0/1/2024',
      '1/0/2024',
      '32/01/2024',
      '1/13/2024',
      '1/1/24',
      '1/1/20245',
      '001/01/2024',
      '2024-01-01',
      '01-02-2024',
      '01.02.2024',
      '1/1/0000',
      'a/b/cdef',
      '12/31/2024',
      ' 1/1/2024',
    ],
  });
});

describe('dateISO (year first)', () => {
  ruleTable('dateISO', undefined, messages.date, {
    valid: ['2024-02-29', '2024/02/29', '2024/2/29', '2024-1-5', '2000-02-29', '1999-12-31', '2025-01-31'],
    invalid: [
      '2023-02-29',
      '1900-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-01/05',
      '24-01-05',
      '2024-001-05',
      '20240105',
      '29/02/2024',
      '2024-01-05T00:00',
      '0000-01-01',
    ],
  });
});

describe('number', () => {
  ruleTable('number', undefined, messages.number, {
    valid: [
      '0',
      '1',
      '-1',
      '1234',
      '1,234',
      '1,234.5',
      '1,234,567.89',
      '-1,234.5',
      '-0.5',
      '.5',
      '-.5',
      '0.0001',
      '001',
      '123,456',
      42,
      -0.5,
      1.25,
    ],
    invalid: [
      '1,23',
      '1,2345',
      '12,34,567',
      '1234,567',
      'abc',
      '1.2.3',
      '-',
      '.',
      '1.',
      '+1',
      '1e5',
      ' 1',
      '1 ',
      '--1',
      '1-.5',
      ',123',
      '1,,234',
      '1,234,',
      '1,234.5.6',
      '0x1F',
      'NaN',
      'Infinity',
      '١٢٣',
    ],
  });
});

describe('digit', () => {
  ruleTable('digit', undefined, messages.digit, {
    valid: ['0', '7', '0123', '9876543210', 12],
    invalid: ['-1', '1.5', '1,000', 'abc', '12a', ' 1', '١٢', '+1', -1],
  });
});

describe('phoneUS', () => {
  ruleTable('phoneUS', undefined, messages.phoneUS, {
    valid: [
      '(212) 555-0123',
      '212-555-0123',
      '+1 212 555 0123',
      '1-212-555-0123',
      '2125550123',
      '12125550123',
      '+12125550123',
      '212.555.0123',
      '(212)555-0123',
      '+1 (212) 555-0123',
      '1 212 555 0123',
      '(800) 555 0199',
      '+1-212-555-0123',
      '212 555 0123',
      '201-200-0000',
      2125550123,
    ],
    invalid: [
      '112-555-0123',
      '911-555-0123',
      '411-555-0123',
      '(911) 555-0123',
      '011-555-0123',
      '212-155-0123',
      '212-055-0123',
      '555-0123',
      '(212 555-0123',
      '212) 555-0123',
      '212-555-012',
      '212-555-01234',
      '+2 212 555 0123',
      '2-212-555-0123',
      '212--555-0123',
      '21-2555-0123',
      '+44 20 7946 0958',
      'phone',
      '212-555-0123 ext 5',
      '212-555-O123',
    ],
  });
});

describe('equal', () => {
  ruleTable('equal', 'secret', messages.equal, {
    valid: ['secret'],
    invalid: ['Secret', 'secret ', 'other'],
  });
  test('compares numbers and their text as strings', () => {
    assert.equal(check('equal', 5, '5'), null);
    assert.equal(check('equal', '5', 5), null);
    assert.equal(check('equal', '5.0', 5), messages.equal);
  });
  test('fails a value compared with a missing one', () => {
    assert.equal(check('equal', 'a', undefined), messages.equal);
  });
});

describe('notEqual', () => {
  ruleTable('notEqual', 'admin', messages.notEqual, {
    valid: ['Admin', 'admin2', 'user'],
    invalid: ['admin'],
  });
  test('passes any value when the other value is missing', () => {
    assert.equal(check('notEqual', 'a', null), null);
  });
});

describe('unique', () => {
  ruleTable('unique', ['North', ' South ', 'east'], messages.unique, {
    valid: ['West', 'Northern', 'Sou th'],
    invalid: ['North', 'north', ' NORTH ', 'south', 'East', 'EAST  '],
  });
  test('passes anything against an empty collection', () => {
    assert.equal(check('unique', 'North', []), null);
  });
});

describe('messages', () => {
  test('fill {0} with the parameter', () => {
    assert.equal(check('min', '1', 10), 'please enter a value greater than or equal to 10.');
    assert.equal(check('max', '11', 10), 'please enter a value less than or equal to 10.');
    assert.equal(check('minLength', 'a', 2), 'please enter at least 2 characters.');
    assert.equal(check('maxLength', 'abc', 2), 'please enter no more than 2 characters.');
    assert.equal(check('step', '0.35', 0.1), 'value must increment by 0.1');
  });
  test('come from the active language', () => {
    useLanguage({ required: 'Pflichtfeld.', min: 'mindestens {0}.' });
    try {
      assert.equal(check('required', ''), 'Pflichtfeld.');
      assert.equal(check('min', '1', 3), 'mindestens 3.');
    } finally {
      useLanguage({});
    }
    assert.equal(check('required', ''), messages.required);
  });
});

describe('a rule missing the parameter it needs', () => {
  const mistakes: ReadonlyArray<[RuleName, RuleParam]> = [
    ['min', undefined],
    ['max', 'ten'],
    ['minLength', null],
    ['maxLength', undefined],
    ['step', undefined],
    ['step', 0],
    ['step', 0.001],
    ['pattern', undefined],
    ['unique', undefined],
    ['unique', 'North'],
  ];
  for (const [rule, param] of mistakes) {
    test(`throws for ${rule} with ${String(param)}, since that is a mistake in the definition, not the input`, () => {
      assert.throws(() => check(rule, 'x1', param), TypeError);
    });
    test(`throws for ${rule} with ${String(param)} even when the value is empty`, () => {
      assert.throws(() => check(rule, '', param), TypeError);
    });
  }
});

describe('validateField', () => {
  const order: ReadonlyArray<[string, Parameters<typeof validateField>[0], unknown, string | null]> = [
    ['no rules accept anything', {}, 'whatever', null],
    ['an empty optional field passes its format rules', { email: true, minLength: 5 }, '', null],
    ['required comes before any other rule', { required: true, email: true, minLength: 5 }, ' ', messages.required],
    ['the kind of value comes before its bounds', { number: true, min: 5 }, 'abc', messages.number],
    ['a bound alone reports the bound', { min: 5 }, 'abc', messages.min(5)],
    ['digits come before the length', { digit: true, minLength: 4 }, '1a', messages.digit],
    ['pattern comes before the length', { pattern: '[A-Z]+', maxLength: 2 }, 'abc', messages.pattern],
    ['minLength comes before maxLength', { minLength: 3, maxLength: 1 }, 'ab', messages.minLength(3)],
    ['min comes before step', { min: 1, step: 0.5 }, '0.3', messages.min(1)],
    ['max comes before step', { max: 1, step: 0.5 }, '1.3', messages.max(1)],
    ['step is checked', { number: true, step: 0.1 }, '0.35', messages.step(0.1)],
    ['email is checked', { required: true, email: true }, 'nope', messages.email],
    ['date is checked', { date: true }, '31/02/2024', messages.date],
    ['dateISO is checked', { dateISO: true }, '2024-02-30', messages.date],
    ['phoneUS is checked', { phoneUS: true }, '911-555-0123', messages.phoneUS],
    ['maxLength is checked', { maxLength: 3 }, 'abcd', messages.maxLength(3)],
    ['a valid value passes every rule', { required: true, number: true, min: 1, max: 10, step: 0.5 }, '2.5', null],
    ['false rules are switched off', { required: false, email: false, digit: false }, 'x y', null],
  ];
  for (const [sentence, rules, value, expected] of order) {
    test(sentence, () => {
      assert.equal(validateField(rules, value), expected);
    });
  }

  test('compares equalTo with the other field of the form', () => {
    const rules = { equalTo: 'Password' };
    assert.equal(validateField(rules, 'abc', { values: { Password: 'abc' } }), null);
    assert.equal(validateField(rules, 'abd', { values: { Password: 'abc' } }), messages.equal);
    assert.equal(validateField(rules, 'abd', {}), messages.equal);
  });
  test('compares notEqualTo with the other field of the form', () => {
    const rules = { notEqualTo: 'OldPassword' };
    assert.equal(validateField(rules, 'new', { values: { OldPassword: 'old' } }), null);
    assert.equal(validateField(rules, 'old', { values: { OldPassword: 'old' } }), messages.notEqual);
  });
  test('checks unique against the collection given at check time', () => {
    assert.equal(validateField({ unique: true }, 'Main St', { collection: ['main st'] }), messages.unique);
    assert.equal(validateField({ unique: true }, 'Elm St', { collection: ['main st'] }), null);
    assert.equal(validateField({ unique: true }, 'Main St'), null);
  });
  test('gives the equality message before the uniqueness one', () => {
    const ctx = { values: { Other: 'b' }, collection: ['a'] };
    assert.equal(validateField({ equalTo: 'Other', unique: true }, 'a', ctx), messages.equal);
  });
});

describe('fieldSchema', () => {
  test('is a valibot schema whose issues carry our messages in rule order', () => {
    const result = v.safeParse(fieldSchema({ number: true, min: 10, step: 5 }), '7');
    assert.equal(result.success, false);
    assert.deepEqual(
      result.issues?.map((issue) => issue.message),
      [messages.min(10), messages.step(5)],
    );
  });
  test('accepts a valid value as its output unchanged', () => {
    const result = v.safeParse(fieldSchema({ required: true, email: true }), 'a@b.co');
    assert.deepEqual(result, { typed: true, success: true, output: 'a@b.co', issues: undefined });
  });
  test('looks its messages up when checking, so a language loaded later applies', () => {
    const schema = fieldSchema({ required: true });
    useLanguage({ required: 'obligatoire' });
    try {
      assert.equal(v.safeParse(schema, '').issues?.[0].message, 'obligatoire');
    } finally {
      useLanguage({});
    }
  });
});

describe('validateForm', () => {
  const fields = {
    StoreName: { required: true, maxLength: 10, unique: true },
    Email: { email: true },
    Phone: { phoneUS: true },
    Password: { required: true, minLength: 8 },
    Confirm: { equalTo: 'Password' },
  };
  test('returns nothing for a valid form', () => {
    const values = { StoreName: 'Elm', Email: 'a@b.co', Phone: '', Password: 'longenough', Confirm: 'longenough' };
    assert.deepEqual(validateForm(fields, values, { collections: { StoreName: ['Main'] } }), {});
  });
  test('returns the first message of every failing field and nothing for the others', () => {
    const values = { StoreName: 'main', Email: 'bad', Phone: '212-555-0123', Password: 'short', Confirm: 'other' };
    assert.deepEqual(validateForm(fields, values, { collections: { StoreName: ['Main'] } }), {
      StoreName: messages.unique,
      Email: messages.email,
      Password: messages.minLength(8),
      Confirm: messages.equal,
    });
  });
  test('treats a missing value as empty', () => {
    assert.deepEqual(validateForm(fields, {}), { StoreName: messages.required, Password: messages.required });
  });
  test('ignores values that have no declared field', () => {
    assert.deepEqual(validateForm({ Email: { email: true } }, { Email: 'a@b.co', Extra: 'bad' }), {});
  });
});

describe('checkDateRange', () => {
  // Friday 15 May 2026, mid-afternoon: the time of day must not matter.
  const today = new Date(2026, 4, 15, 15, 30);
  const range = (from: unknown, to: unknown, options: Parameters<typeof checkDateRange>[2] = {}) =>
    checkDateRange(from, to, { today, ...options });
  const m = {
    required: '"From Date" and "To Date" are required',
    fromInvalid: '"From Date" is invalid',
    toInvalid: '"To Date" is invalid',
    tooOld: (text: string) => `"From Date" can not be less than ${text}`,
    toFuture: '"To Date" can not be greater than today',
    fromAfterTo: '"From Date" can not be greater than "To Date"',
    tooLong: (months: number) => `Date range should not exceed ${months} months`,
  };

  const vectors: ReadonlyArray<[string, unknown, unknown, Parameters<typeof checkDateRange>[2], string | null]> = [
    ['accepts a range inside the limits', '01/01/2026', '15/05/2026', {}, null],
    ['accepts a single day', '15/05/2026', '15/05/2026', {}, null],
    ['accepts one-digit days and months', '1/2/2026', '3/4/2026', {}, null],
    ['accepts From exactly 3 years back and a 36-month span', '15/05/2023', '15/05/2026', {}, null],
    ['accepts surrounding spaces', ' 01/01/2026 ', '02/01/2026 ', {}, null],
    ['requires From', '', '15/05/2026', {}, m.required],
    ['requires To', '01/01/2026', '', {}, m.required],
    ['treats blank text as missing', '   ', '15/05/2026', {}, m.required],
    ['treats null as missing', null, '15/05/2026', {}, m.required],
    ['treats undefined as missing', undefined, undefined, {}, m.required],
    ['rejects a From that is not a calendar day', '31/02/2026', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From that is not a date', 'yesterday', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From with a two-digit year', '1/2/26', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From in another format', '01-02-2026', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From with its year first but its parts apart', '2026-02/01', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From in month/day order when the month cannot be', '05/15/2026', '15/05/2026', {}, m.fromInvalid],
    ['rejects a From of another type', 20260101, '15/05/2026', {}, m.fromInvalid],
    ['rejects an invalid Date object', new Date(Number.NaN), '15/05/2026', {}, m.fromInvalid],
    ['rejects a To that is not a calendar day', '01/01/2026', '29/02/2026', {}, m.toInvalid],
    ['rejects a To with trailing text', '01/01/2026', '15/05/2026x', {}, m.toInvalid],
    ['rejects a From older than 3 years', '14/05/2023', '15/05/2026', {}, m.tooOld('3 years')],
    ['rejects a From older than 6 months', '14/11/2025', '01/01/2026', { back: 6, unit: 'months' }, m.tooOld('6 months')],
    ['accepts a From exactly 6 months back', '15/11/2025', '01/01/2026', { back: 6, unit: 'months' }, null],
    ['rejects a From older than 10 days', '04/05/2026', '05/05/2026', { back: 10, unit: 'days' }, m.tooOld('10 days')],
    ['accepts a From exactly 10 days back', '05/05/2026', '05/05/2026', { back: 10, unit: 'days' }, null],
    ['says "1 year", not "1 years"', '14/05/2025', '01/01/2026', { back: 1 }, m.tooOld('1 year')],
    ['rejects a To after today', '01/01/2026', '16/05/2026', {}, m.toFuture],
    ['rejects a From after To', '02/05/2026', '01/05/2026', {}, m.fromAfterTo],
    ['rejects a span over 36 months', '01/01/2022', '02/01/2025', { back: 5 }, m.tooLong(36)],
    ['accepts a span of exactly 36 months', '01/01/2022', '01/01/2025', { back: 5 }, null],
    ['rejects a span over a given maximum', '01/01/2026', '02/02/2026', { maxMonths: 1 }, m.tooLong(1)],
    ['accepts a span of exactly a given maximum', '31/01/2026', '28/02/2026', { maxMonths: 1 }, null],
    ['reads dates written year first, as a program sends them', '2026-01-01', '2026-05-15', {}, null],
    ['reads a range mixing both ways of writing a date', '01/01/2026', '2026-05-15', {}, null],
    ['rejects a year-first date that is not a calendar day', '2026-02-30', '2026-05-15', {}, m.fromInvalid],
    ['accepts Date objects', new Date(2026, 0, 1), new Date(2026, 4, 15, 23, 59), {}, null],
    ['mixes Date objects and text', new Date(2026, 0, 1), '15/05/2026', {}, null],
    ['keeps a default for an option given as undefined', '14/05/2023', '15/05/2026', { back: undefined }, m.tooOld('3 years')],
  ];
  for (const [sentence, from, to, options, expected] of vectors) {
    test(sentence, () => {
      assert.equal(range(from, to, options), expected);
    });
  }

  describe('stops at the first failing check, in the spec order', () => {
    const order: ReadonlyArray<[string, unknown, unknown, string]> = [
      ['missing beats invalid', 'nonsense', '', m.required],
      ['an invalid From beats an invalid To', '31/02/2026', '31/02/2026', m.fromInvalid],
      ['an invalid To beats a From that is too old', '01/01/2000', '99/99/2026', m.toInvalid],
      ['too old beats a To after today', '01/01/2020', '01/01/2027', m.tooOld('3 years')],
      ['too old beats a span that is too long', '01/01/2020', '01/01/2026', m.tooOld('3 years')],
      ['a To after today beats From after To', '01/12/2026', '20/05/2026', m.toFuture],
      ['From after To beats everything after it', '10/05/2026', '09/05/2026', m.fromAfterTo],
    ];
    for (const [sentence, from, to, expected] of order) {
      test(sentence, () => {
        assert.equal(range(from, to), expected);
      });
    }
  });

  test('uses the real today when none is given', () => {
    const now = new Date();
    assert.equal(checkDateRange(now, now), null);
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    assert.equal(checkDateRange(now, tomorrow), m.toFuture);
  });

  test('uses the active language', () => {
    useLanguage({ dateRangeTooOld: 'Von: höchstens {0} {1} zurück', unitMonths: 'Monate' });
    try {
      assert.equal(range('01/01/2026', '02/01/2026', { back: 2, unit: 'months' }), 'Von: höchstens 2 Monate zurück');
    } finally {
      useLanguage({});
    }
  });
});

after(() => useLanguage({}));
