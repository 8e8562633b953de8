// The table's row groups and column order as plain functions: the lines of a grouped page (headers where
// groups begin, with their figures; closed groups' rows left out), opening and closing with one group open
// at a time, and moving a column.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { GroupTotals, Row } from '../../common/table-config.ts';
import { movedColumn } from '../../islands/data-table/columns/column-order.ts';
import { groupValueText } from '../../islands/data-table/grouping/group-header-row.tsx';
import { groupKey, groupLines, type Line } from '../../islands/data-table/grouping/group-lines.ts';
import { toggledGroups } from '../../islands/data-table/grouping/open-groups.ts';

const rows: Row[] = [
  { id: 1, state: 'AK', city: 'Anchorage' },
  { id: 2, state: 'AK', city: 'Anchorage' },
  { id: 3, state: 'AK', city: 'Juneau' },
  { id: 4, state: 'AL', city: 'Mobile' },
  { id: 5, state: null, city: null },
];
const figures: GroupTotals[] = [
  { values: ['AK'], count: 30, totals: { Sales: '10.00' } },
  { values: ['AK', 'Juneau'], count: 7, totals: { Sales: '2.00' } },
];

/** A line as a short string: `+AK` an open main header, `-AK/Juneau` a closed sub header, `3` a row's id. */
const shown = (lines: Array<Line<Row>>) =>
  lines.map((l) => (l.kind === 'row' ? String(l.item.id) : `${l.open ? '+' : '-'}${(JSON.parse(l.key) as unknown[]).join('/')}`));

const k = (...values: unknown[]) => groupKey(values);

describe('the lines of a grouped page', () => {
  test('a header starts each main group, and a closed group shows no rows', () => {
    const lines = groupLines(rows, (r) => r, { main: 'state', sub: null }, figures, [k('AK')]);
    assert.deepEqual(shown(lines), ['+AK', '1', '2', '3', '-AL', '-']);
  });

  test('sub groups show inside open main groups only, each with its own figures', () => {
    const lines = groupLines(rows, (r) => r, { main: 'state', sub: 'city' }, figures, [k('AK'), k('AK', 'Juneau'), k('AL', 'Mobile')]);
    assert.deepEqual(shown(lines), ['+AK', '-AK/Anchorage', '+AK/Juneau', '3', '-AL', '-']);
    const juneau = lines.find((l) => l.kind === 'group' && l.key === k('AK', 'Juneau'));
    assert.equal(juneau?.kind === 'group' && juneau.figures?.count, 7);
    const alabama = lines.find((l) => l.kind === 'group' && l.key === k('AL'));
    assert.equal(alabama?.kind === 'group' && alabama.figures, null, 'no figures for a group the answer did not carry');
  });

  test('rows without a value form one group, apart from an empty text', () => {
    const lines = groupLines([...rows, { id: 6, state: '' }], (r) => r, { main: 'state', sub: null }, [], []);
    assert.deepEqual(
      lines.filter((l) => l.kind === 'group').map((l) => l.key),
      [k('AK'), k('AL'), k(null), k('')],
    );
  });

  test('a group met twice (rows in another order) gets a second, distinct line id', () => {
    const lines = groupLines([rows[0]!, rows[3]!, rows[1]!], (r) => r, { main: 'state', sub: null }, [], []);
    const ids = lines.flatMap((l) => (l.kind === 'group' ? [l.id] : []));
    assert.equal(new Set(ids).size, 3);
  });
});

describe("a group's label", () => {
  const column = { name: 'OpenDate', label: 'Opened', type: 'date', format: 'date' } as const;
  test('shows the value as its column does', () => {
    assert.equal(groupValueText('2024-03-05', column), '05/03/2024');
  });
  test("is the spec's (no name) for no value or an empty text", () => {
    assert.equal(groupValueText(null, column), '(no name)');
    assert.equal(groupValueText('  ', { ...column, type: 'text', format: 'text' }), '(no name)');
  });
});

describe('opening and closing groups', () => {
  test('groups open and close independently by default', () => {
    const open = toggledGroups(toggledGroups([], k('AK'), false), k('AL'), false);
    assert.deepEqual(open, [k('AK'), k('AL')]);
    assert.deepEqual(toggledGroups(open, k('AK'), false), [k('AL')]);
  });

  test('closing a main group closes the sub groups open inside it', () => {
    assert.deepEqual(toggledGroups([k('AK'), k('AK', 'Juneau'), k('AL')], k('AK'), false), [k('AL')]);
  });

  test('with one group open at a time, opening a group closes its siblings and what is inside them', () => {
    const open = [k('AK'), k('AK', 'Juneau')];
    assert.deepEqual(toggledGroups(open, k('AL'), true), [k('AL')]);
    // A sub group closes the other sub groups of its main group only.
    assert.deepEqual(toggledGroups(open, k('AK', 'Anchorage'), true), [k('AK'), k('AK', 'Anchorage')]);
  });
});

describe('moving a column', () => {
  const order = ['A', 'B', 'C', 'D'];
  test('takes the place given, the others closing up', () => {
    assert.deepEqual(movedColumn(order, 'D', 1), ['A', 'D', 'B', 'C']);
    assert.deepEqual(movedColumn(order, 'A', 2), ['B', 'C', 'A', 'D']);
  });
  test('stays within the list', () => {
    assert.deepEqual(movedColumn(order, 'B', -1), ['B', 'A', 'C', 'D']);
    assert.deepEqual(movedColumn(order, 'B', 9), ['A', 'C', 'D', 'B']);
  });
});
