// The resources an app serves, checked as a whole when they are put together (server/resources/registry.ts):
// each select field chooses among rows of a served resource, by columns it has, of the right kinds; a
// reference checks what it shows where it is declared; and the product's own registry holds.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { Version } from '../../common/resources/types.ts';
import { defineResource, reference } from '../../server/resources/define.ts';
import { resources } from '../../server/resources/index.ts';
import { checkedRegistry } from '../../server/resources/registry.ts';
import { statesDef } from '../../server/resources/states.ts';

/** Tills whose one field chooses a state by `options`. */
function tills(options: { resource: string; value: string; label: string; only?: string }) {
  return defineResource({
    name: 'tills',
    title: 'Tills',
    table: 'tills',
    alias: 't',
    key: 'TillID',
    columns: [
      { name: 'TillID', label: 'ID', type: 'integer', format: 'text', sql: 't.till_id' },
      { name: 'StateID', label: 'State', type: 'integer', format: 'text', sql: 't.state_id', field: { kind: 'select', options } },
      { ...Version, sql: 't.version' },
    ],
    defaultSort: [],
    pageSize: 25,
    access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
  });
}

describe('a registry of resources', () => {
  test("the product's holds", () => {
    assert.equal(checkedRegistry(resources), resources);
  });

  test("a field's choices come from a served resource, by columns it has, of their kind", () => {
    assert.doesNotThrow(() => checkedRegistry([statesDef, tills({ resource: 'states', value: 'StateID', label: 'Name' })]));
    const refused: Array<[Parameters<typeof tills>[0], RegExp]> = [
      [{ resource: 'state', value: 'StateID', label: 'Name' }, /chooses among state, which is not served/],
      [{ resource: 'states', value: 'StateID', label: 'Nmae' }, /by Nmae, which it has not/],
      [{ resource: 'states', value: 'Code', label: 'Name' }, /by Code, which is not a whole number/],
      [{ resource: 'states', value: 'StateID', label: 'Name', only: 'Name' }, /by Name, which is not a yes or no/],
    ];
    for (const [options, message] of refused) assert.throws(() => checkedRegistry([statesDef, tills(options)]), message);
    assert.throws(() => checkedRegistry([statesDef, statesDef]), /two resources are called states/);
  });

  test('a reference shows columns of the referenced table, and a column reads through a declared join', () => {
    assert.throws(
      () => reference(statesDef, { key: 'StateID', sql: 't.state_id', alias: 'ts', label: 'State', shows: { StateName: 'Nmae' } }),
      /shows Nmae, which is not a column of its table/,
    );
    assert.throws(
      () =>
        defineResource({
          name: 'tills',
          title: 'Tills',
          table: 'tills',
          alias: 't',
          key: 'TillID',
          columns: [
            { name: 'TillID', label: 'ID', type: 'integer', format: 'text', sql: 't.till_id' },
            { name: 'Shop', label: 'Shop', type: 'text', format: 'text', sql: 'sh.name', join: 'sh' },
          ],
          defaultSort: [],
          pageSize: 25,
          access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
        }),
      /reads through sh, which no column or join declares/,
    );
  });
});
