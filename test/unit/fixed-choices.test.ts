// Fields with a fixed set of values, as the definitions derive them (common/resources/words.ts): every field on
// a column with `values` is a select of them, in the column's words (which the language file may replace),
// with the rule that takes no other; the rule itself, and the date rule a sale's day uses. The menu icons on
// offer are the ones the page draws.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { FormField } from '../../common/form-definition.ts';
import { iconNames } from '../../common/icons.ts';
import { resources as definitions } from '../../server/resources/index.ts';
import type { Column } from '../../common/resources/types.ts';
import { statesDef as states } from '../../server/resources/states.ts';
import { worded } from '../../common/resources/words.ts';
import { validateField } from '../../common/validation.ts';
import { defaultMessages as m, useLanguage } from '../../server/messages.ts';
import { viewsDir } from '../../server/paths.ts';

/** yyyy-mm-dd and dd/MM/yyyy of the day `days` from today, in this process's time zone. */
function day(days: number): { iso: string; typed: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const [y, mo, da] = [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')];
  return { iso: `${y}-${mo}-${da}`, typed: `${da}/${mo}/${y}` };
}

describe('fields on a column with a fixed set of values', () => {
  // The audit log's actions are a fixed set too, but nobody writes them in a form.
  const withValues = definitions.flatMap((d) =>
    (d.browserHalf.columns as ReadonlyArray<Column>).flatMap((c) =>
      c.values && d.access.add !== false
        ? [{ resource: d.name, column: c, field: (d.fields as ReadonlyArray<FormField>).find((f) => f.name === c.name) }]
        : [],
    ),
  );

  test('are Kind, Severity (on each inbox), Icon and Region', () => {
    assert.deepEqual(withValues.map((w) => `${w.resource}.${w.column.name}`).sort(), [
      'alerts.Severity',
      'cycles.Kind',
      'menus.Icon',
      'messages.Severity',
      'notifications.Severity',
      'states.Region',
    ]);
  });

  test('each is a select of its values, in words, taking no other', () => {
    for (const { resource, column, field } of withValues) {
      assert.ok(field, `${resource}.${column.name} has a field`);
      assert.equal(field.kind, 'select');
      assert.deepEqual(
        field.choices?.map((c) => c.value),
        [...column.values!],
      );
      assert.deepEqual(field.rules?.oneOf, column.values);
      for (const choice of field.choices ?? []) assert.notEqual(choice.label, '', `${resource}.${column.name}.${choice.value}`);
    }
  });

  test("the words follow the language file under <resource>.<Column>.<value>, else the column's own", () => {
    const region = (): FormField => worded(states).fields.find((f) => f.name === 'Region')!;
    assert.equal(region().choices?.find((c) => c.value === 'NE')?.label, 'Northeast');
    useLanguage({ 'states.Region.NE': 'Nordosten' });
    try {
      assert.equal(region().choices?.find((c) => c.value === 'NE')?.label, 'Nordosten');
      assert.equal(region().choices?.find((c) => c.value === 'WE')?.label, 'West');
      // The definition itself is plain data: its words are those it was written with.
      assert.equal(states.fields.find((f) => f.name === 'Region')!.choices?.find((c) => c.value === 'NE')?.label, 'Northeast');
    } finally {
      useLanguage({});
    }
    assert.equal(region().choices?.find((c) => c.value === 'NE')?.label, 'Northeast');
  });

  test('the icons on offer are those the page draws', () => {
    const drawn = [...readFileSync(`${viewsDir}_icons.eta`, 'utf8').matchAll(/<symbol id="icon-([a-z0-9-]+)"/g)].map((x) => x[1]);
    assert.deepEqual([...drawn].sort(), [...iconNames].sort());
  });
});

describe('the oneOf rule', () => {
  test("takes a value of the set exactly, anything else with the spec's pattern words; blank is left to required", () => {
    const rules = { oneOf: ['NE', 'S.E', 'W|E'] };
    for (const ok of ['NE', 'S.E', 'W|E', '', undefined]) assert.equal(validateField(rules, ok), null, String(ok));
    for (const bad of ['XX', 'ne', 'NE ', 'SxE', 'W', 'NEW']) assert.equal(validateField(rules, bad), m.pattern, bad);
    assert.equal(validateField({ required: true, oneOf: ['NE'] }, ''), m.required);
  });
});

describe('the notAfterToday rule', () => {
  const rules = { date: true, notAfterToday: true };
  test('takes today and any day before it, typed or year first', () => {
    for (const d of [day(0), day(-1), day(-4000)]) {
      assert.equal(validateField(rules, d.typed), null, d.typed);
      assert.equal(validateField({ notAfterToday: true }, d.iso), null, d.iso);
    }
  });
  test('refuses tomorrow and later with words of its own', () => {
    for (const d of [day(1), day(3000)]) {
      assert.equal(validateField(rules, d.typed), m.notAfterToday, d.typed);
      assert.equal(validateField({ notAfterToday: true }, d.iso), m.notAfterToday, d.iso);
    }
    assert.equal(validateField(rules, '01/01/2030'), m.notAfterToday);
  });
  test('leaves a text that is no day to the date rule', () => {
    assert.equal(validateField(rules, '31/02/2020'), m.date);
    assert.equal(validateField({ notAfterToday: true }, 'soon'), null);
  });
});
