// The store selection kept in the browser and the spec's storage guard (10 units per store, low under 0.5).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isLowMemory,
  isStoreListKey,
  parseSelection,
  remainingShare,
  selectionLabel,
  storeListKeys,
} from '../../common/store-selection.ts';

describe('the storage guard', () => {
  test('counts 10 units per store against the remaining quota', () => {
    assert.equal(remainingShare({ quota: 10_000, usage: 0 }, 100), 0.9);
    assert.equal(remainingShare({ quota: 10_000, usage: 4_000 }, 100), 0.5);
  });

  test('is low on memory only when less than half would remain', () => {
    assert.equal(isLowMemory({ quota: 10_000, usage: 4_000 }, 100), false);
    assert.equal(isLowMemory({ quota: 10_000, usage: 4_001 }, 100), true);
    assert.equal(isLowMemory({ quota: 1_000, usage: 0 }, 60), true);
  });

  test('does not call a browser low when it cannot tell its quota', () => {
    assert.equal(isLowMemory({}, 500), false);
    assert.equal(isLowMemory({ quota: 0, usage: 0 }, 500), false);
  });
});

describe('the kept selection', () => {
  test('reads a list of store ids, and anything else as all stores', () => {
    assert.deepEqual(parseSelection('[3,5]'), [3, 5]);
    for (const bad of [null, '', 'garbage', '{}', '[]', '["a"]', '[-1, 0, 1.5]']) assert.equal(parseSelection(bad), null, String(bad));
    assert.deepEqual(parseSelection('[0, 7, "x"]'), [7]);
  });

  test('is labelled for the header', () => {
    assert.equal(selectionLabel(null, 500), 'All stores');
    assert.equal(selectionLabel([1], 500), '1 store');
    assert.equal(selectionLabel([1, 2], 500), '2 stores');
    assert.equal(selectionLabel([1, 2], 2), 'All stores');
  });
});

describe('whose store lists', () => {
  test('each user keeps theirs under keys of their own', () => {
    assert.deepEqual(storeListKeys(7), { all: 'backroom.allStores.7', selected: 'backroom.selectedStores.7' });
    assert.notDeepEqual(storeListKeys(7), storeListKeys(8));
  });

  test("every user's keys, and the unkeyed ones of earlier versions, are known as store lists", () => {
    for (const key of ['backroom.allStores', 'backroom.selectedStores', ...Object.values(storeListKeys(12))])
      assert.ok(isStoreListKey(key), key);
    for (const key of ['backroom.allStoresX', 'htmx-history-index', 'backroom.tableState']) assert.equal(isStoreListKey(key), false, key);
  });
});
