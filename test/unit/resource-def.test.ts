// A definition worked out for the table API (server/resources/resource-def.ts): what it leaves unsaid (the
// column a field writes, the key's and version's table columns) follows from its columns' expressions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defineResource, versionColumn, type Column } from '../../common/resources/types.ts';
import { resourceDef } from '../../server/resources/resource-def.ts';
import { fromClause } from '../../server/table-api/query/sql.ts';

function tills(extra: ReadonlyArray<Column<string, never>> = [], fields: ReadonlyArray<string> = ['Label']) {
  return defineResource({
    name: 'tills',
    title: 'Tills',
    table: 'tills',
    alias: 't',
    joins: [
      { alias: 'sh', table: 'shops', on: 'sh.shop_id = t.shop_id' },
      { alias: 'r', table: 'regions', on: 'r.region_id = sh.region_id', left: true, through: 'sh' },
      { alias: 'm', table: 'users', on: 'm.user_id = t.manager_id', left: true },
    ],
    key: 'TillID',
    version: 'Version',
    columns: [
      { name: 'TillID', sql: 't.till_id', label: 'ID', type: 'integer', format: 'text' },
      { name: 'Label', sql: 't.label', label: 'Label', type: 'text', format: 'text' },
      { name: 'ShopName', sql: 'sh.name', join: 'sh', label: 'Shop', type: 'text', format: 'text' },
      { name: 'Region', sql: 'r.name', join: 'r', label: 'Region', type: 'text', format: 'text' },
      { name: 'Manager', sql: 'm.user_name', join: 'm', label: 'Manager', type: 'text', format: 'text' },
      { name: 'Roles', sql: '(select count(*) from till_roles tr where tr.till_id = t.till_id)', reads: ['till_roles'], label: 'Roles', type: 'integer', format: 'integer' },
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
    assert.deepEqual(
      def.columns.filter((c) => c.writes !== undefined).map((c) => [c.name, c.writes]),
      [['Label', 'label']],
    );
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

  test('it reads its base table, its joins\' tables and its columns\' subqueries\' tables', () => {
    assert.deepEqual([...resourceDef(tills()).tables], ['tills', 'shops', 'regions', 'users', 'till_roles']);
  });

  test('a join goes through a join declared before it', () => {
    const def = tills();
    assert.throws(() => resourceDef({ ...def, joins: [...def.joins!].reverse() }), /the join r goes through no join before it/);
  });

  test('a query joins what its columns read, with the joins those go through, and everything when it does not say', () => {
    const def = resourceDef(tills());
    const column = (name: string) => def.columns.find((c) => c.name === name)!;
    assert.equal(fromClause(def, [column('Label')]), 'tills t');
    assert.equal(fromClause(def, [column('Region'), column('Label')]), 'tills t join shops sh on sh.shop_id = t.shop_id left join regions r on r.region_id = sh.region_id');
    assert.equal(fromClause(def, [column('Manager')], 'till_totals'), 'till_totals t left join users m on m.user_id = t.manager_id');
    assert.equal(fromClause(def), `tills t ${def.joins.map((j) => j.sql).join(' ')}`);
  });
});
