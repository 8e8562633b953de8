// The store selection kept in the browser and the spec's storage guard (10 units per store, low under 0.5).
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { isSelectionReference, isStoreListKey, parseSelection, storeListKeys, travelsByReference } from '../../common/store-selection.ts';
import { isLowMemory, remainingShare } from '../../common/storage-guard.ts';
import { scopeLabel, scopeShortLabel } from '../../common/store-scope-label.ts';
import { groupStores, isStoreOptionList, storeMatches, type StoreOption } from '../../common/store-groups.ts';

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
    assert.deepEqual(parseSelection('[3,5]'), { stores: [3, 5], reference: null });
    for (const bad of [null, '', 'garbage', '{}', '[]', '["a"]', '[-1, 0, 1.5]', '{"stores":[]}', 'null'])
      assert.equal(parseSelection(bad), null, String(bad));
    assert.deepEqual(parseSelection('[0, 7, "x"]'), { stores: [7], reference: null });
  });

  test('keeps a long list with the reference it travels by, and a short one as it was always kept', () => {
    const reference = `@${'a'.repeat(43)}`;
    const long = Array.from({ length: 2500 }, (_, i) => i + 1);
    assert.equal(travelsByReference(long), true);
    assert.equal(travelsByReference([3, 17, 42]), false);
    assert.deepEqual(parseSelection(JSON.stringify({ stores: long, reference })), { stores: long, reference });
    assert.deepEqual(
      parseSelection(JSON.stringify({ stores: [3], reference: '3,4' })),
      { stores: [3], reference: null },
      'not a reference',
    );
  });

  test('a reference can never be read as a list of ids', () => {
    assert.equal(isSelectionReference(`@${'A1_-'.repeat(10)}xyz`), true);
    for (const text of ['3,17', `${'a'.repeat(44)}`, `@${'a'.repeat(42)}`, `@${'a'.repeat(42)},`, `@${'a'.repeat(44)}`])
      assert.equal(isSelectionReference(text), false, text);
  });

  test("is labelled in the header by what the user sees: every store, or their region's", () => {
    const everyStore = { region: null, total: 1500 };
    const west = { region: 'West', total: 109 };
    assert.equal(scopeLabel(everyStore, null), 'All stores (1,500)');
    assert.equal(scopeLabel(everyStore, [1, 2]), '2 of 1,500 stores');
    assert.equal(scopeLabel(west, null), 'All West stores (109)');
    assert.equal(
      scopeLabel(
        west,
        Array.from({ length: 12 }, (_, i) => i + 1),
      ),
      '12 of 109 West stores',
    );
    assert.equal(scopeLabel(west, [1]), '1 of 109 West stores');
    assert.equal(scopeLabel({ region: 'West', total: 2 }, [1, 2]), 'All West stores (2)', 'a selection of every store is all of them');
  });

  test('is labelled in short on a phone: how many, or how many of how many', () => {
    assert.equal(scopeShortLabel({ region: 'West', total: 109 }, null), '109');
    assert.equal(scopeShortLabel({ region: null, total: 1500 }, [1, 2, 3]), '3/1,500');
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

describe("the store dialog's list", () => {
  const store = (id: number, region: string, state: string, name: string, city = name): StoreOption => ({
    StoreID: id,
    StoreNumber: 1000 + id,
    Name: name,
    City: city,
    StateCode: state,
    StateName: { CA: 'California', OR: 'Oregon', NY: 'New York' }[state] ?? state,
    Region: region,
  });
  const stores = [
    store(3, 'West', 'OR', 'Portland Mall', 'Portland'),
    store(1, 'West', 'CA', 'Fresno Plaza', 'Fresno'),
    store(2, 'Northeast', 'NY', 'Albany Center', 'Albany'),
    store(4, 'West', 'CA', 'Berkeley Square', 'Berkeley'),
  ];

  test('groups the stores by region, then state, by name, and each state by store number', () => {
    const groups = groupStores(stores);
    assert.deepEqual(
      groups.map((r) => [r.name, r.states.map((s) => [s.name, s.stores.map((x) => x.StoreID)])]),
      [
        ['Northeast', [['New York', [2]]]],
        [
          'West',
          [
            ['California', [1, 4]],
            ['Oregon', [3]],
          ],
        ],
      ],
    );
  });

  test('shows a store when it is in the chosen region and state and holds every searched word, in any case', () => {
    const shown = (filter: { region?: string; state?: string; search?: string }) =>
      stores.filter((s) => storeMatches(s, { region: '', state: '', search: '', ...filter })).map((s) => s.StoreID);
    assert.deepEqual(shown({}), [3, 1, 2, 4]);
    assert.deepEqual(shown({ region: 'West' }), [3, 1, 4]);
    assert.deepEqual(shown({ state: 'CA' }), [1, 4]);
    assert.deepEqual(shown({ search: 'plaza fresno' }), [1]);
    assert.deepEqual(shown({ search: '1002' }), [2]);
    assert.deepEqual(shown({ search: 'oregon' }), [3]);
    assert.deepEqual(shown({ region: 'Northeast', search: 'fresno' }), []);
  });

  test('takes back a kept list only in the shape it now has', () => {
    assert.equal(isStoreOptionList(stores), true);
    assert.equal(isStoreOptionList([{ StoreID: 1, StoreNumber: 1001, Name: 'x', StateCode: 'CA' }]), false, "an earlier version's list");
    assert.equal(isStoreOptionList({}), false);
  });
});
