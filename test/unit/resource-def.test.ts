// A definition worked out for the table API (server/resources/resource-def.ts): what it leaves unsaid (the
// column a field writes, the key's and version's table columns) follows from its columns' expressions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defineResource, versionColumn, type Column } from '../../common/resources/types.ts';
import { resourceDef } from '../../server/resources/resource-def.ts';

function tills(extra: ReadonlyArray<Column> = [], fields: ReadonlyArray<string> = ['Label']) {
  return defineResource({
    name: 'tills',
    title: 'Tills',
    table: 'tills',
    alias: 't',
    key: 'TillID',
    version: 'Version',
    columns: [
      { name: 'TillID', sql: 't.till_id', label: 'ID', type: 'integer', format: 'text' },
      { name: 'Label', sql: 't.label', label: 'Label', type: 'text', format: 'text' },
      { name: 'ShopName', sql: 'sh.name', label: 'Shop', type: 'text', format: 'text' },
      versionColumn('t'),
      ...extra,
    ],
    fields: fields.map((name) => ({ name, label: name, input: 'text', rules: {} })),
    defaultSort: [],
    pageSize: 25,
    access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
  });
}

describe('a resource worked out from its definition', () => {
  test('a field writes the base table column its column reads, and no other column writes', () => {
    const def = resourceDef(tills());
    assert.deepEqual(def.columns.map((c) => [c.name, c.writes]), [['TillID', undefined], ['Label', 'label'], ['ShopName', undefined], ['Version', undefined]]);
  });

  test('a column computed from the base table names the column its field writes', () => {
    const def = resourceDef(tills([{ name: 'Code', sql: 'upper(t.code)', label: 'Code', type: 'text', format: 'text', writes: 'code' }], ['Code']));
    assert.equal(def.columns.find((c) => c.name === 'Code')?.writes, 'code');
  });

  test('a field on a column that is no base table column is refused', () => {
    assert.throws(() => resourceDef(tills([], ['ShopName'])), /the field ShopName edits no column of its base table/);
  });

  test('the key and the version are their columns of the base table', () => {
    const def = resourceDef(tills());
    assert.deepEqual(def.key, { name: 'TillID', sql: 't.till_id', column: 'till_id' });
    assert.deepEqual(def.version, { name: 'Version', sql: 't.version', column: 'version' });
  });
});
