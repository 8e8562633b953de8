// The table's row groups and column order as plain functions: the lines of a grouped table (a header per
// group with its figures, an open group's contents as read so far, a line for more), opening and closing with one group open
// at a time, and moving a column.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { GroupTotals } from '../../common/table-config.ts';
import { movedColumn } from '../../islands/data-table/columns/column-order.ts';
import { groupValueText } from '../../islands/data-table/grouping/group-header-row.tsx';
import { groupKey, groupLines, linesRows, type Line } from '../../islands/data-table/grouping/group-lines.ts';
import type { GroupContent } from '../../islands/data-table/grouping/group-lines.ts';
import { toggledGroups } from '../../islands/data-table/grouping/open-groups.ts';

const groups: GroupTotals[] = [
  { values: ['AK'], count: 30, totals: { Sales: '10.00' } },
  { values: ['AL'], count: 1, totals: { Sales: '1.00' } },
  { values: [null], count: 1, totals: { Sales: '0.50' } },
];
const loaded = (content: Partial<GroupContent>): GroupContent => ({
  groups: null,
  rows: [],
  total: 0,
  loading: false,
  error: null,
  ...content,
});

/**
 * A line as a short string: `+AK` an open header, `-AK/Juneau` a closed sub header, `3` a row's id, `more 2/30`
 * the line under a group that holds more, `...` one being read, `! reason` one that failed.
 */
const shown = (lines: Line[]) =>
  lines.map((l) =>
    l.kind === 'row'
      ? String(l.row.id)
      : l.kind === 'status'
        ? l.loading
          ? '...'
          : l.error
            ? `! ${l.error}`
            : `more ${l.shown}/${l.total}`
        : `${l.open ? '+' : '-'}${(JSON.parse(l.key) as unknown[]).join('/')}`,
  );

const k = (...values: unknown[]) => groupKey(values);

describe('the lines of a grouped table', () => {
  test('one header per group on the page; an open group shows its rows read so far, and a line for more', () => {
    const contents = new Map([[k('AK'), loaded({ rows: [{ id: 1 }, { id: 2 }], total: 30 })]]);
    const lines = groupLines(groups, { main: 'state', sub: null }, (key) => contents.get(key), [k('AK')]);
    assert.deepEqual(shown(lines), ['+AK', '1', '2', 'more 2/30', '-AL', '-']);
    assert.deepEqual(
      linesRows(lines).map((r) => r.id),
      [1, 2],
    );
    const ak = lines[0]!;
    assert.equal(ak.kind === 'group' && ak.figures.count, 30);
  });

  test('a group whose rows are all shown has no line for more; one being read or failed says so', () => {
    const contents = new Map([
      [k('AK'), loaded({ rows: [{ id: 1 }], total: 1 })],
      [k('AL'), loaded({ loading: true })],
      [k(null), loaded({ error: 'The database is not available right now' })],
    ]);
    const lines = groupLines(groups, { main: 'state', sub: null }, (key) => contents.get(key), [k('AK'), k('AL'), k(null)]);
    assert.deepEqual(shown(lines), ['+AK', '1', '+AL', '...', '+', '! The database is not available right now']);
    // Opened but not asked for yet: being read.
    assert.deepEqual(shown(groupLines(groups.slice(1, 2), { main: 'state', sub: null }, () => undefined, [k('AL')])), ['+AL', '...']);
  });

  test('a main group of a table grouped twice holds its sub groups, each opening to its rows', () => {
    const contents = new Map([
      [
        k('AK'),
        loaded({
          groups: [
            { values: ['AK', 'Anchorage'], count: 2, totals: {} },
            { values: ['AK', 'Juneau'], count: 7, totals: {} },
          ],
          total: 3,
        }),
      ],
      [k('AK', 'Juneau'), loaded({ rows: [{ id: 3 }], total: 7 })],
    ]);
    const lines = groupLines(groups, { main: 'state', sub: 'city' }, (key) => contents.get(key), [
      k('AK'),
      k('AK', 'Juneau'),
      k('AL', 'Mobile'),
    ]);
    assert.deepEqual(shown(lines), ['+AK', '-AK/Anchorage', '+AK/Juneau', '3', 'more 1/7', 'more 2/3', '-AL', '-']);
    const more = lines.filter((l) => l.kind === 'status');
    assert.deepEqual(
      more.map((l) => l.kind === 'status' && [l.holds, l.depth]),
      [
        ['rows', 2],
        ['groups', 1],
      ],
    );
  });

  test('rows without a value form one group, apart from an empty text', () => {
    const lines = groupLines([...groups, { values: [''], count: 1, totals: {} }], { main: 'state', sub: null }, () => undefined, []);
    assert.deepEqual(
      lines.filter((l) => l.kind === 'group').map((l) => l.key),
      [k('AK'), k('AL'), k(null), k('')],
    );
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
