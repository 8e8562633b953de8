// Copy's text (islands/data-table/export/rows-text.ts): a header line of labels, a line per row, cells
// tab-separated and formatted as the table shows them; a tab or line break inside a value cannot split a
// row or a cell when pasted.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Column } from '../../common/resources/types.ts';
import { rowsAsText } from '../../islands/data-table/export/rows-text.ts';

const columns: Column[] = [
  { name: 'Name', label: 'Store\tname', type: 'text', format: 'text' },
  { name: 'Sales', label: 'Sales', type: 'number', format: 'currency' },
  { name: 'OpenDate', label: 'Opened', type: 'date', format: 'date' },
];

test('rows become a header line and a tab-separated line each, formatted as the table shows them', () => {
  const text = rowsAsText(columns, [
    { Name: 'Main St', Sales: '1234.5', OpenDate: '2024-03-09' },
    { Name: 'Two\nlines\r\nand\ta tab', Sales: null, OpenDate: null },
  ]);
  assert.equal(text, 'Store name\tSales\tOpened\nMain St\t$1,234.50\t09/03/2024\nTwo lines and a tab\t\t');
});
