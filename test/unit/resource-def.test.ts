// A resource's two halves (as server/resources/define.ts splits an entity's definition) joined for the table
// API (server/resources/resource-def.ts): what they leave unsaid (the column a field writes, the key's and version's table columns, the joins' SQL, the tables read)
// follows from the columns' expressions and the declared joins.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FormField } from '../../common/form-definition.ts';
import { Version, type Resource } from '../../common/resources/types.ts';
import { resourceDef } from '../../server/resources/resource-def.ts';
import type { ColumnSql, ResourceSql } from '../../server/resources/resource-sql.ts';
import { fromClause } from '../../server/table-api/query/sql.ts';

// The browser-safe half as server/resources/define.ts splits it off an entity's definition.
const tills = {
  name: 'tills',
  title: 'Tills',
  key: 'TillID',
  version: 'Version',
  columns: [
    { name: 'TillID', label: 'ID', type: 'integer', format: 'text' },
    { name: 'Label', label: 'Label', type: 'text', format: 'text' },
    { name: 'Code', label: 'Code', type: 'text', format: 'text' },
    { name: 'ShopName', label: 'Shop', type: 'text', format: 'text' },
    { name: 'Region', label: 'Region', type: 'text', format: 'text' },
    { name: 'Manager', label: 'Manager', type: 'text', format: 'text' },
    { name: 'Roles', label: 'Roles', type: 'integer', format: 'integer' },
    Version,
  ],
  fields: [{ name: 'Label', label: 'Label', kind: 'text' }],
  defaultSort: [],
  pageSize: 25,
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
} as const satisfies Resource;

const tillsSql = {
  table: 'tills',
  alias: 't',
  joins: [
    { alias: 'sh', table: 'shops', on: 'sh.shop_id = t.shop_id' },
    { alias: 'r', table: 'regions', on: 'r.region_id = sh.region_id', left: true, through: 'sh' },
    { alias: 'm', table: 'users', on: 'm.user_id = t.manager_id', left: true },
  ],
  columns: {
    TillID: 't.till_id',
    Label: 't.label',
    Code: { sql: 'upper(t.code)' },
    ShopName: { sql: 'sh.name', join: 'sh' },
    Region: { sql: 'r.name', join: 'r' },
    Manager: { sql: 'm.user_name', join: 'm' },
    Roles: { sql: '(select count(*) from till_roles tr where tr.till_id = t.till_id)', reads: ['till_roles'] },
    Version: 't.version',
  },
} satisfies ResourceSql<typeof tills>;

/** The tills with these fields (and the code's expression, when given). */
function withFields(fields: ReadonlyArray<FormField>, code?: ColumnSql) {
  return resourceDef({ ...tills, fields }, { ...tillsSql, columns: { ...tillsSql.columns, ...(code && { Code: code }) } });
}

describe('a resource worked out from its two halves', () => {
  test('each column has its expression beside its label and type', () => {
    const def = resourceDef(tills, tillsSql);
    assert.deepEqual(
      def.columns.find((c) => c.name === 'ShopName'),
      { name: 'ShopName', label: 'Shop', type: 'text', format: 'text', sql: 'sh.name', join: 'sh', writes: undefined },
    );
  });

  test('a field writes the base table column its column reads, and no other column writes', () => {
    const def = resourceDef(tills, tillsSql);
    assert.deepEqual(
      def.columns.filter((c) => c.writes !== undefined).map((c) => [c.name, c.writes]),
      [['Label', 'label']],
    );
  });

  test('a column computed from the base table names the column its field writes', () => {
    const def = withFields([{ name: 'Code', label: 'Code', kind: 'text' }], { sql: 'upper(t.code)', writes: 'code' });
    assert.equal(def.columns.find((c) => c.name === 'Code')?.writes, 'code');
  });

  test('a field on a column that is no base table column is refused', () => {
    assert.throws(
      () => withFields([{ name: 'ShopName', label: 'Shop', kind: 'text' }]),
      /the field ShopName edits no column of its base table/,
    );
  });

  test('the key and the version are their columns of the base table', () => {
    const def = resourceDef(tills, tillsSql);
    assert.deepEqual(def.key, { name: 'TillID', sql: 't.till_id', column: 'till_id' });
    assert.deepEqual(def.version, { name: 'Version', sql: 't.version', column: 'version' });
  });

  test("it reads its base table, its joins' tables and its columns' subqueries' tables", () => {
    assert.deepEqual([...resourceDef(tills, tillsSql).tables], ['tills', 'shops', 'regions', 'users', 'till_roles']);
  });

  test('a join goes through a join declared before it', () => {
    assert.throws(
      () => resourceDef(tills, { ...tillsSql, joins: [...tillsSql.joins].reverse() }),
      /the join r goes through no join before it/,
    );
  });

  test('a query joins what its columns read, with the joins those go through, and everything when it does not say', () => {
    const def = resourceDef(tills, tillsSql);
    const column = (name: string) => def.columns.find((c) => c.name === name)!;
    assert.equal(fromClause(def, [column('Label')]), 'tills t');
    assert.equal(
      fromClause(def, [column('Region'), column('Label')]),
      'tills t join shops sh on sh.shop_id = t.shop_id left join regions r on r.region_id = sh.region_id',
    );
    assert.equal(fromClause(def, [column('Manager')], 'till_totals'), 'till_totals t left join users m on m.user_id = t.manager_id');
    assert.equal(fromClause(def), `tills t ${def.joins.map((j) => j.sql).join(' ')}`);
  });
});
