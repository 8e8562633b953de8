// Column filters' plain parts: a per-column search read by its column's type (common/table-filters.ts), the
// same filter written back and said in words, the panel's draft both ways (percent columns typed as their
// percentage), saved filters checked on reading, and filters in the list request and its exports.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Column } from '../../common/resources/types.ts';
import { salesTableConfig } from '../support/table-configs.ts';
import { filterSummary, filterText, isFilterProblem, readColumnFilter } from '../../common/table-filters.ts';
import { msg } from '../../server/messages.ts';
import { draftOf, emptyDraft, textOf } from '../../islands/data-table/filters/filter-draft.ts';
import { listQuery } from '../../islands/data-table/list-query.ts';
import { checkedState, defaultTableState } from '../../common/table-state.ts';
import { isIsoCalendarDate } from '../../common/calendar.ts';
import { hostileDate, hostileDayRange, outOfRangeTypedDay } from '../support/hostile-dates.ts';

const date: Column = { name: 'SaleDate', label: 'Date', type: 'date', format: 'date' };
const datetime: Column = { name: 'CreatedAt', label: 'Received', type: 'datetime', format: 'datetime' };
const sales: Column = { name: 'Sales', label: 'Sales', type: 'number', format: 'currency' };
const count: Column = { name: 'Transactions', label: 'Transactions', type: 'integer', format: 'integer' };
const margin: Column = { name: 'Margin', label: 'Margin', type: 'number', format: 'percent' };
const state: Column = {
  name: 'StateCode',
  label: 'State',
  type: 'text',
  format: 'text',
  choicesFrom: { resource: 'states', column: 'Code' },
};
const kind: Column = { name: 'Kind', label: 'Kind', type: 'text', format: 'text', values: ['weekly', 'monthly'] };
const active: Column = { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean' };
const name: Column = { name: 'Name', label: 'Name', type: 'text', format: 'text' };

describe('reading a per-column search by its column', () => {
  test('dates: one day, a range, either end open; single digits as people type them', () => {
    assert.deepEqual(readColumnFilter(date, '24/11/2026'), { kind: 'date', from: '2026-11-24', to: '2026-11-24' });
    assert.deepEqual(readColumnFilter(date, '1/2/2026~ 28/2/2026'), { kind: 'date', from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual(readColumnFilter(date, '~28/02/2026'), { kind: 'date', from: null, to: '2026-02-28' });
    assert.deepEqual(readColumnFilter(date, '01/02/2026~'), { kind: 'date', from: '2026-02-01', to: null });
  });

  test('numbers: min~max, either side empty, one alone; whole numbers for an integer column', () => {
    assert.deepEqual(readColumnFilter(sales, '1000~5000.5'), { kind: 'number', min: '1000', max: '5000.5' });
    assert.deepEqual(readColumnFilter(sales, '~-3'), { kind: 'number', min: null, max: '-3' });
    assert.deepEqual(readColumnFilter(count, '7'), { kind: 'number', min: '7', max: '7' });
  });

  test('choices: one or several by |, matched as given; yes/no for a boolean', () => {
    assert.deepEqual(readColumnFilter(state, 'NY|TX'), { kind: 'choice', values: ['NY', 'TX'] });
    assert.deepEqual(readColumnFilter(kind, 'weekly'), { kind: 'choice', values: ['weekly'] });
    assert.deepEqual(readColumnFilter(active, 'no'), { kind: 'choice', values: ['no'] });
    assert.deepEqual(readColumnFilter(name, 'a|b'), { kind: 'text', text: 'a|b' });
  });

  const refused: Array<[Column, string, string]> = [
    [date, '31/02/2026', msg('filterBadDate', 'Date', '31/02/2026')],
    [date, '29/02/2025', msg('filterBadDate', 'Date', '29/02/2025')],
    [date, '2026-02-01', msg('filterBadDate', 'Date', '2026-02-01')],
    [date, '02/02/2026~01/02/2026', msg('filterBackwards', 'Date', '02/02/2026~01/02/2026')],
    [date, '~', msg('filterNoEnds', 'Date', '~')],
    [sales, 'abc', msg('filterBadNumber', 'Sales', 'abc')],
    [sales, '1e5', msg('filterBadNumber', 'Sales', '1e5')],
    [sales, '9~1', msg('filterBackwards', 'Sales', '9~1')],
    [count, '1.5', msg('filterBadWholeNumber', 'Transactions', '1.5')],
    [kind, 'yearly', msg('filterNotAChoice', 'Kind', 'yearly', 'weekly, monthly')],
    [active, 'maybe', msg('filterNotAChoice', 'Active', 'maybe', 'yes, no')],
    [state, 'NY|', msg('filterEmptyChoice', 'State', 'NY|')],
  ];

  test('a date filter, whatever is sent: refused, or days of the calendar both JavaScript and PostgreSQL hold, in order', () => {
    fc.assert(
      fc.property(fc.constantFrom(date, datetime), fc.oneof(hostileDate, hostileDayRange), (column, sent) => {
        const text = sent.trim();
        if (text === '') return;
        const read = readColumnFilter(column, text);
        if (isFilterProblem(read)) return assert.equal(read.args[0], column.label);
        assert.equal(read.kind, 'date');
        if (read.kind !== 'date') return;
        for (const end of [read.from, read.to])
          if (end !== null) assert.ok(isIsoCalendarDate(end) && end >= '0001-01-01' && end <= '9999-12-31', `${text}: ${end}`);
        assert.ok(read.from === null || read.to === null || read.from <= read.to, text);
      }),
      { numRuns: 5000 },
    );
  });

  test('a day out of range (past its month, month 0 or 13, year 0000 or five digits), at either end, is refused as not a date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(date, datetime),
        outOfRangeTypedDay,
        fc.constantFrom('%', '%~', '~%', '01/01/2026~%', '%~31/12/2026'),
        (column, day, form) => {
          const text = form.replace('%', day);
          assert.deepEqual(readColumnFilter(column, text), { problem: 'filterBadDate', args: [column.label, text] });
        },
      ),
      { numRuns: 2000 },
    );
  });

  for (const [column, text, message] of refused)
    test(`${column.label} "${text}" is refused: ${message}`, () => {
      const read = readColumnFilter(column, text);
      assert.ok(isFilterProblem(read));
      assert.equal(msg(read.problem, ...read.args), message);
    });
});

describe('a filter written back and said in words', () => {
  test('the text as sent, and the words of its chip', () => {
    const said = (column: Column, text: string) => {
      const read = readColumnFilter(column, text);
      assert.ok(!isFilterProblem(read));
      return [filterText(read), filterSummary(column, read)];
    };
    assert.deepEqual(said(date, '1/2/2026~28/2/2026'), ['01/02/2026~28/02/2026', '01/02/2026 to 28/02/2026']);
    assert.deepEqual(said(date, '5/2/2026'), ['05/02/2026', '05/02/2026']);
    assert.deepEqual(said(sales, '1000~'), ['1000~', 'at least $1,000.00'], 'an open end in the words of its field (At least)');
    assert.deepEqual(said(margin, '~0.2'), ['~0.2', 'at most 20.00%']);
    assert.deepEqual(said(active, 'yes|no'), ['yes|no', 'Yes, No']);
    assert.deepEqual(said(name, 'air'), ['air', 'contains "air"']);
    const region: Column = { ...kind, name: 'Region', label: 'Region', values: ['NE', 'WE'], valueLabels: { NE: 'Northeast', WE: 'West' } };
    assert.deepEqual(said(region, 'NE|WE'), ['NE|WE', 'Northeast, West'], 'a value with words of its own is said in them');
  });
});

describe("the panel's draft", () => {
  test('a percent column is typed as its percentage and sent as the fraction', () => {
    assert.deepEqual(textOf(margin, { ...emptyDraft, from: '12.5', to: '20%' }), { text: '0.125~0.2' });
    assert.deepEqual(draftOf(margin, '0.125~0.2'), { ...emptyDraft, from: '12.5', to: '20' });
  });

  test('amounts as people write them; nothing typed filters nothing; a mistake is explained', () => {
    assert.deepEqual(textOf(sales, { ...emptyDraft, from: '$1,000', to: '' }), { text: '1000~' });
    assert.deepEqual(textOf(sales, emptyDraft), { text: '' });
    assert.deepEqual(textOf(date, { ...emptyDraft, from: '31/02/2026', to: '' }), { problem: msg('filterBadDate', 'Date', '31/02/2026~') });
    assert.deepEqual(textOf(date, { ...emptyDraft, from: '3/1/2026', to: '3/1/2026' }), { text: '03/01/2026' });
    assert.deepEqual(textOf(state, { ...emptyDraft, choices: ['NY', 'TX'] }), { text: 'NY|TX' });
  });
});

describe('filters in the table state and its requests', () => {
  const config = salesTableConfig([
    { name: 'SaleID', label: 'ID', type: 'integer', format: 'text', hidden: true, internal: true },
    date,
    sales,
    state,
    margin,
  ]);

  test('a saved filter is kept only while it reads as a filter of a column the table has', () => {
    const saved = { filters: { SaleDate: '01/02/2026~', Sales: 'abc', Gone: 'x', StateCode: 'NY|TX', Margin: 3 } };
    assert.deepEqual(checkedState(config, saved, defaultTableState(config)).filters, { SaleDate: '01/02/2026~', StateCode: 'NY|TX' });
  });

  test('the list and its exports send each filter as its column search, naming a hidden filtered column', () => {
    const state = {
      ...defaultTableState(config),
      filters: { SaleDate: '01/02/2026~', Margin: '~0.2' },
      columnVisibility: { Margin: false },
    };
    const list = listQuery(config, state, null, { paging: true, columns: 'all' });
    const listed = (q: URLSearchParams, column: string) =>
      q.get(`columns[${[...q.entries()].find(([k, v]) => k.endsWith('[data]') && v === column)![0].match(/\d+/)![0]}][search][value]`);
    assert.equal(listed(list, 'SaleDate'), '01/02/2026~');
    assert.equal(listed(list, 'Margin'), '~0.2');
    const exported = listQuery(config, state, null, { paging: false, columns: 'visible' });
    assert.equal(listed(exported, 'Margin'), '~0.2');
    assert.equal(listed(exported, 'Sales'), null);
  });
});
