// The validation rule set of spec section 5, run unchanged in the browser (dialogs block submit) and on the
// server (add/edit endpoints re-check everything), so both sides always agree on what is valid and say it in
// the same words. `check` is one rule on one value; `validateField`/`validateForm` apply a resource's declared
// field rules through valibot (with two field rules of ours: `oneOf`, a select's fixed set, checked as the
// spec's pattern rule, and `notAfterToday`); `checkDateRange` (common/date-range.ts) is the report filters'
// From/To check.

import * as v from 'valibot';
import { validationMsg } from './validation-messages.ts';
import { calendarDayOf, isoFromDayMonthYear, isoFromYearMonthDay } from './calendar.ts';

export const ruleNames = [
  'required',
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'step',
  'email',
  'date',
  'dateISO',
  'number',
  'digit',
  'phoneUS',
  'equal',
  'notEqual',
  'unique',
] as const;

export type RuleName = (typeof ruleNames)[number];

/** What a rule compares against: a bound, a pattern, another value, or the values already taken. */
export type RuleParam = number | string | RegExp | ReadonlyArray<string> | null | undefined;

// The HTML living standard's "valid email address" (what <input type=email> accepts).
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

// jQuery Validate's number format, except that the minus sign sits in front of everything: jQuery's own
// `(?:-?\.\d+)?` accepts "-.5" but also "1-.5". The lookahead demands at least one digit ("-" and "." fail).
const numberPattern = /^-?(?=\.?\d)(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/;

// Optional country code, area code (bare or in parentheses), exchange, line; one separator between groups.
// Area code and exchange start 2-9 (NANP); an N11 area code (911, 411...) is a service code, not an area.
const phoneUSPattern = /^(?:\+?1[ .-]?)?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?[2-9]\d\d[ .-]?\d{4}$/;

/** The value as the text a user typed; `null` for values no form field can hold (objects, arrays...). */
function asText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return null;
}

/** The last text parseNumber read, and its number: min, max and step read the same value one after another. */
let lastParsed: { text: string; number: number | null } = { text: '', number: null };

/** A number written in the `number` rule's format, thousands commas allowed; `null` when it is not one. */
function parseNumber(text: string): number | null {
  if (text !== lastParsed.text) lastParsed = { text, number: numberPattern.test(text) ? Number(text.replaceAll(',', '')) : null };
  return lastParsed.number;
}

/** A bound the rule cannot work without; a missing one is a mistake in a resource definition, not user input. */
function numericParam(rule: RuleName, param: RuleParam): number {
  const n = typeof param === 'number' ? param : typeof param === 'string' ? Number(param) : Number.NaN;
  if (!Number.isFinite(n)) throw new TypeError(`validation rule "${rule}" needs a numeric parameter`);
  return n;
}

function anchored(pattern: RuleParam): RegExp {
  if (pattern instanceof RegExp) {
    // g and y make test() stateful; m would let ^ and $ match inside the value.
    return new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace(/[gym]/g, ''));
  }
  if (typeof pattern === 'string') return new RegExp(`^(?:${pattern})$`);
  throw new TypeError('validation rule "pattern" needs a RegExp or a string');
}

function uniqueKey(text: string): string {
  return text.trim().toLowerCase();
}

// Each rule first reads its parameter (throwing on a bad one even when the value is empty, so a broken
// definition shows up at once), then answers for a non-empty text (required excepted) whether it passes.
const predicates: Record<RuleName, (param: RuleParam) => (text: string) => boolean> = {
  required: () => (text) => text.trim() !== '',
  min: (param) => {
    const bound = numericParam('min', param);
    return (text) => (parseNumber(text) ?? Number.NaN) >= bound;
  },
  max: (param) => {
    const bound = numericParam('max', param);
    return (text) => (parseNumber(text) ?? Number.NaN) <= bound;
  },
  // Code points, not UTF-16 units: "😀" is one character to the user and to PostgreSQL's varchar(n).
  minLength: (param) => {
    const bound = numericParam('minLength', param);
    return (text) => [...text].length >= bound;
  },
  maxLength: (param) => {
    const bound = numericParam('maxLength', param);
    return (text) => [...text].length <= bound;
  },
  pattern: (param) => {
    const whole = anchored(param);
    return (text) => whole.test(text);
  },
  step: (param) => {
    // Hundredths, as integers: in floating point 0.3 % 0.1 is 0.09999999999999998, not 0. A value finer than
    // hundredths (1.239) is on no step of hundredths: it fails rather than being rounded onto one.
    const stepHundredths = Math.round(numericParam('step', param) * 100);
    if (stepHundredths === 0) throw new TypeError('validation rule "step" needs a step of at least 0.01');
    return (text) => {
      const n = parseNumber(text);
      if (n === null) return false;
      const hundredths = Math.round(n * 100);
      // Tolerance of a few units in the last place: 0.1 + 0.2 is on the step of 0.1, 999999999.99 on 0.01.
      const tolerance = Math.max(1e-9, Math.abs(n * 100) * Number.EPSILON * 8);
      return Math.abs(n * 100 - hundredths) <= tolerance && hundredths % stepHundredths === 0;
    };
  },
  email: () => (text) => emailPattern.test(text),
  date: () => (text) => isoFromDayMonthYear(text) !== null,
  dateISO: () => (text) => isoFromYearMonthDay(text) !== null,
  number: () => (text) => numberPattern.test(text),
  digit: () => (text) => /^\d+$/.test(text),
  phoneUS: () => (text) => {
    const parts = phoneUSPattern.exec(text);
    const areaCode = parts?.[1] ?? parts?.[2];
    return areaCode !== undefined && areaCode.slice(1) !== '11';
  },
  equal: (param) => {
    const other = asText(param);
    return (text) => text === other;
  },
  notEqual: (param) => {
    const other = asText(param);
    return (text) => text !== other;
  },
  unique: (param) => {
    if (!Array.isArray(param)) throw new TypeError('validation rule "unique" needs the list of values taken');
    const taken = new Set(param.map((value) => uniqueKey(String(value))));
    return (text) => !taken.has(uniqueKey(text));
  },
};

/**
 * `null` when `value` passes `rule`, else the rule's message with `{0}` filled with `param`.
 * Empty values (undefined, null, blank text) pass every rule but `required`.
 */
export function check(rule: RuleName, value: unknown, param?: RuleParam): string | null {
  if (param !== undefined) return ruleCheck(rule, param)(value);
  let checks = paramlessChecks.get(rule);
  if (!checks) paramlessChecks.set(rule, (checks = ruleCheck(rule, undefined)));
  return checks(value);
}

/** The checks of rules that take no parameter (number, date...), each built once. */
const paramlessChecks = new Map<RuleName, (value: unknown) => string | null>();

/**
 * `check` for one rule and parameter, its parameter read (and a pattern compiled) once: for a value checked
 * many times over, as a field's schema checks every row of an import.
 */
function ruleCheck(rule: RuleName, param: RuleParam): (value: unknown) => string | null {
  const passes = predicates[rule](param);
  return (value) => {
    const text = asText(value);
    if (text === null) return ruleMessage(rule, param);
    if (rule !== 'required' && text.trim() === '') return null;
    return passes(text) ? null : ruleMessage(rule, param);
  };
}

function ruleMessage(rule: RuleName, param: RuleParam): string {
  return typeof param === 'number' || typeof param === 'string' ? validationMsg(rule, param) : validationMsg(rule);
}

// ---------------------------------------------------------------------------------------------------------
// Field rules as declared by a resource's form

export type FieldRules = {
  required?: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  step?: number;
  email?: boolean;
  date?: boolean;
  dateISO?: boolean;
  number?: boolean;
  digit?: boolean;
  phoneUS?: boolean;
  /** The name of another field this one must equal (e.g. a password confirmation). */
  equalTo?: string;
  /** The name of another field this one must differ from. */
  notEqualTo?: string;
  /** Must not be in the collection given at check time (the values other rows already hold). */
  unique?: boolean;
  /** One of these values exactly (a select's fixed set): anything else fails as `pattern` does. */
  oneOf?: ReadonlyArray<string>;
  /** A date (dd/MM/yyyy or yyyy-mm-dd) no later than today, the checking side's today (a sale's day). */
  notAfterToday?: boolean;
};

type FieldContext = {
  /** The whole form's values, for equalTo/notEqualTo. */
  values?: Record<string, unknown>;
  /** The values already taken, for unique. */
  collection?: ReadonlyArray<string>;
};

export type FormContext = {
  /** Per field name, the values already taken, for fields declared unique. */
  collections?: Record<string, ReadonlyArray<string>>;
};

// The order a field's messages are tried in: presence, then the kind of value, then its size, then how it
// relates to other values. "abc" in a number field should hear "please enter a number", not a bound.
const fieldRuleOrder = [
  'required',
  'number',
  'digit',
  'email',
  'date',
  'dateISO',
  'phoneUS',
  'pattern',
  'oneOf',
  'notAfterToday',
  'minLength',
  'maxLength',
  'min',
  'max',
  'step',
  'equalTo',
  'notEqualTo',
  'unique',
] as const satisfies ReadonlyArray<keyof FieldRules>;

/** Today as yyyy-mm-dd, in the checking side's own time zone. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A check of ours beyond the spec's rules: the message for the value, or null when it passes. */
type OwnCheck = { own: (value: unknown) => string | null };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rule and parameter a declared field rule stands for (or our own check), or `null` when it is switched off. */
function ruleFor(
  key: (typeof fieldRuleOrder)[number],
  rules: FieldRules,
  ctx: FieldContext,
): { rule: RuleName; param?: RuleParam } | OwnCheck | null {
  switch (key) {
    case 'oneOf': {
      // The spec's pattern rule over the values themselves: the same check, and the same words, on both sides.
      const values = rules.oneOf;
      return values ? { rule: 'pattern', param: new RegExp(values.map(escapeRegExp).join('|') || '(?!)') } : null;
    }
    case 'notAfterToday':
      if (!rules.notAfterToday) return null;
      return {
        own: (value) => {
          const day = calendarDayOf(asText(value) ?? '');
          // Not a day at all is the date rule's to say.
          return day !== null && day > localToday() ? validationMsg('notAfterToday') : null;
        },
      };
    case 'equalTo':
    case 'notEqualTo': {
      const other = rules[key];
      if (other === undefined) return null;
      const param = asText(ctx.values?.[other]);
      return { rule: key === 'equalTo' ? 'equal' : 'notEqual', param };
    }
    case 'unique':
      return rules.unique ? { rule: 'unique', param: ctx.collection ?? [] } : null;
    case 'required':
    case 'number':
    case 'digit':
    case 'email':
    case 'date':
    case 'dateISO':
    case 'phoneUS':
      return rules[key] ? { rule: key } : null;
    case 'pattern':
    case 'minLength':
    case 'maxLength':
    case 'min':
    case 'max':
    case 'step': {
      const param = rules[key];
      return param === undefined ? null : { rule: key, param };
    }
  }
}

/**
 * A valibot schema for one form field: each declared rule is a pipe step whose issue carries our message.
 * The message is looked up when the value is checked, so a language file loaded later still applies.
 */
export function fieldSchema(rules: FieldRules, ctx: FieldContext = {}): v.GenericSchema<unknown> {
  let schema: v.GenericSchema<unknown> = v.unknown();
  for (const key of fieldRuleOrder) {
    const step = ruleFor(key, rules, ctx);
    if (step === null) continue;
    const checks = 'own' in step ? step.own : ruleCheck(step.rule, step.param);
    schema = v.pipe(
      schema,
      v.rawCheck(({ dataset, addIssue }) => {
        const message = checks(dataset.value);
        if (message !== null) addIssue({ message });
      }),
    );
  }
  return schema;
}

/** Rules whose check reads nothing but the value: their schema is built once and kept (see schemaFor). */
const builtSchemas = new WeakMap<FieldRules, v.GenericSchema<unknown>>();

/**
 * The field's schema: built once for rules that read nothing but the value (an import checks a million rows
 * against the same few), and for each check when they compare with other values (equalTo, notEqualTo, unique).
 */
function schemaFor(rules: FieldRules, ctx: FieldContext): v.GenericSchema<unknown> {
  if (rules.equalTo !== undefined || rules.notEqualTo !== undefined || rules.unique) return fieldSchema(rules, ctx);
  let schema = builtSchemas.get(rules);
  if (!schema) builtSchemas.set(rules, (schema = fieldSchema(rules)));
  return schema;
}

/** The first failing rule's message for this field's value, or `null` when every rule passes. */
export function validateField(rules: FieldRules, value: unknown, ctx: FieldContext = {}): string | null {
  // abortPipeEarly: the user sees one message per field, the first in fieldRuleOrder.
  const result = v.safeParse(schemaFor(rules, ctx), value, { abortPipeEarly: true });
  return result.success ? null : result.issues[0].message;
}

/** The message of every failing field, by field name; an empty object when the whole form is valid. */
export function validateForm(
  fields: Record<string, FieldRules>,
  values: Record<string, unknown>,
  ctx: FormContext = {},
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, rules] of Object.entries(fields)) {
    const message = validateField(rules, values[name], { values, collection: ctx.collections?.[name] });
    if (message !== null) messages[name] = message;
  }
  return messages;
}

// The date range check lives in its own module; it is part of this rule set's public face.
export { checkDateRange, dateRangeDefaults, dateRangeUnits, type DateRangeOptions, type DateRangeUnit } from './date-range.ts';
