// The pieces reports are made of: the registry's names (unique, and never a table's, since the PDF stream
// serves both), the grouped lines of the shared report table, and the audit trail's field changes.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { resources } from '../../server/resources/index.ts';
import { findReport, reports, reportsFor } from '../../server/reports/registry.ts';
import { groupedLines, labelled } from '../../server/reports/table/report-table.ts';
import { changesText, fieldChanges } from '../../server/audit/field-changes.ts';
import { allows, type CurrentUser, type RoleCode } from '../../common/roles.ts';

describe('the report registry', () => {
  test('names each report once, in kebab-case, and never as a table is named', () => {
    const names = reports.map((r) => r.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[a-z]+(-[a-z]+)*$/);
    for (const table of resources) assert.equal(findReport(table.name), undefined, `${table.name} is a table`);
  });

  test('finds a report in its folder only', () => {
    assert.equal(findReport('audit-trail', 'Administration')?.title, 'Audit trail');
    assert.equal(findReport('audit-trail', 'Reports'), undefined);
    assert.equal(findReport('sales-by-store')?.folder, 'Reports');
  });

  test('lists by folder the reports a user may run: those whose rule admits them, every one, in registry order', () => {
    const user = (roles: RoleCode[], admin = false) => ({ IsAdmin: admin, IsSuperAdmin: false, Roles: roles }) as unknown as CurrentUser;
    // Counted from the registry, never a fixed list: a report added by the recipe is listed too.
    for (const someone of [user(['reports']), user([], true), user(['stores'])]) {
      const listed = reportsFor(someone).flatMap((f) => f.reports.map((r) => r.name));
      assert.deepEqual(
        listed,
        reports.filter((r) => allows(someone, r.access)).map((r) => r.name),
      );
      for (const folder of reportsFor(someone)) for (const r of folder.reports) assert.equal(r.folder, folder.folder);
    }
    assert.ok(reportsFor(user(['reports'])).length > 0, 'the reports role runs some');
    assert.deepEqual(reportsFor(user(['stores'])), [], 'the stores role alone runs none');
  });
});

describe('grouped report lines', () => {
  const row = (groups: string[], name: string) => ({ groups, cells: [name] });
  const total = (path: string[]) => [`${path.join(' / ')} total`];

  test('open a heading where a group starts and close it with its subtotal, innermost first', () => {
    const lines = groupedLines([row(['A', 'x'], '1'), row(['A', 'x'], '2'), row(['A', 'y'], '3'), row(['B', 'y'], '4')], total);
    assert.deepEqual(lines, [
      { kind: 'group', level: 1, label: 'A' },
      { kind: 'group', level: 2, label: 'x' },
      { kind: 'row', cells: ['1'] },
      { kind: 'row', cells: ['2'] },
      { kind: 'subtotal', level: 2, cells: ['A / x total'] },
      { kind: 'group', level: 2, label: 'y' },
      { kind: 'row', cells: ['3'] },
      { kind: 'subtotal', level: 2, cells: ['A / y total'] },
      { kind: 'subtotal', level: 1, cells: ['A total'] },
      { kind: 'group', level: 1, label: 'B' },
      { kind: 'group', level: 2, label: 'y' },
      { kind: 'row', cells: ['4'] },
      { kind: 'subtotal', level: 2, cells: ['B / y total'] },
      { kind: 'subtotal', level: 1, cells: ['B total'] },
    ]);
  });

  test('are plain rows without groups, and leave out subtotals there are none of', () => {
    assert.deepEqual(groupedLines([row([], '1'), row([], '2')], total), [
      { kind: 'row', cells: ['1'] },
      { kind: 'row', cells: ['2'] },
    ]);
    assert.deepEqual(
      groupedLines([row(['A'], '1')], () => null),
      [
        { kind: 'group', level: 1, label: 'A' },
        { kind: 'row', cells: ['1'] },
      ],
    );
  });

  test("put a total's label in its first cell, before a figure there", () => {
    assert.deepEqual(labelled('Total', ['', '$1.00']), ['Total', '$1.00']);
    assert.deepEqual(labelled('Total', ['12', '$1.00']), ['Total: 12', '$1.00']);
  });
});

describe('audit trail changes', () => {
  test('an edit lists the fields whose value moved by their labels, as the table shows the values, without the internal ones', () => {
    const changes = fieldChanges(resources, 'stores', {
      Before: { StoreID: 3, Name: 'Old', City: 'Reno', IsActive: true, OpenDate: '2024-01-05', Version: 1 },
      After: { StoreID: 3, Name: 'New', City: 'Reno', IsActive: false, OpenDate: '2024-02-05', Version: 2 },
    });
    assert.deepEqual(changes, [
      { field: 'Name', before: 'Old', after: 'New' },
      { field: 'Active', before: 'Yes', after: 'No' },
      { field: 'Opened', before: '05/01/2024', after: '05/02/2024' },
    ]);
    assert.equal(changesText(changes), 'Name: Old → New\nActive: Yes → No\nOpened: 05/01/2024 → 05/02/2024');
  });

  test('an addition lists what it stored, a deletion what it removed; a field no definition names keeps its name', () => {
    assert.deepEqual(fieldChanges(resources, 'stores', { Before: null, After: { Name: 'New', Extra: null } }), [
      { field: 'Name', before: null, after: 'New' },
      { field: 'Extra', before: null, after: '' },
    ]);
    const gone = fieldChanges(resources, 'stores', { Before: { Name: 'Gone' }, After: null });
    assert.deepEqual(gone, [{ field: 'Name', before: 'Gone', after: null }]);
    assert.equal(changesText(gone), 'Name: Gone');
  });
});
