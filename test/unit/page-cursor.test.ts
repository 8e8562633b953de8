// The table island reads the page after or before the shown one by that page's cursor, and only then: under
// another sort, search or page size, or for a page further away, the call is the plain offset one.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { TablePage } from '../../common/table-config.ts';
import { withCursor } from '../../islands/data-table/page-cursor.ts';

const shownUrl = '/api/sales?start=50&length=25&order[0][column]=5&order[0][dir]=desc';
const shown = { next: 'N', prev: 'P' } as TablePage;
const at = (start: number, rest = 'length=25&order[0][column]=5&order[0][dir]=desc') => `/api/sales?start=${start}&${rest}`;

describe('the page cursor a list call carries', () => {
  test('the next page reads on after the shown one, the previous one before it', () => {
    assert.equal(withCursor(at(75), shownUrl, shown), `${at(75)}&after=N`);
    assert.equal(withCursor(at(25), shownUrl, shown), `${at(25)}&before=P`);
  });

  test('none for a page further away, another order or page size, another table, or a page without cursors', () => {
    assert.equal(withCursor(at(100), shownUrl, shown), at(100));
    assert.equal(
      withCursor(at(75, 'length=25&order[0][column]=5&order[0][dir]=asc'), shownUrl, shown),
      at(75, 'length=25&order[0][column]=5&order[0][dir]=asc'),
    );
    assert.equal(
      withCursor(at(75, 'length=50&order[0][column]=5&order[0][dir]=desc'), shownUrl, shown),
      at(75, 'length=50&order[0][column]=5&order[0][dir]=desc'),
    );
    assert.equal(withCursor(at(75).replace('sales', 'stores'), shownUrl, shown), at(75).replace('sales', 'stores'));
    assert.equal(withCursor(at(75), shownUrl, { next: null, prev: null } as unknown as TablePage), at(75));
    assert.equal(withCursor(at(75), null, null), at(75));
  });
});
