// Every definition agrees with its table in the migrated database: a column read straight from a table has
// the type its definition says and may be NULL exactly when its definition says so (an empty value is then
// stored as NULL, and deep paging steps around NULLs: server/table-api/list/), a column through a left join
// may be NULL, and a field an add may leave out has a column that takes a default or NULL. The schema's facts
// are checked here, not trusted to be restated by hand; a definition that disagrees is named.
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { resources } from '../../../server/resources/index.ts';
import type { ColumnDef, ResourceDef } from '../../../server/resources/resource-def.ts';
import { useTestApp } from '../../support/app.ts';
import { disagreements, tableSchema, type TableColumn } from '../../support/definition-schema.ts';

describe('definitions and their tables', () => {
  const shared = useTestApp();
  let stored: Map<string, TableColumn>;
  before(async () => {
    stored = await tableSchema(shared.t.db.pool);
  });

  test('every column read from a table has its type and says whether it may be NULL', () => {
    assert.deepEqual(
      resources.flatMap((def) => disagreements(def, stored)),
      [],
    );
  });

  test('the check names a column said never NULL that may be, and a type that is not the table’s', () => {
    const stores = resources.find((def) => def.name === 'stores')!;
    const wrong: ResourceDef = {
      ...stores,
      columns: stores.columns.map(
        (c): ColumnDef => (c.name === 'City' ? { ...c, type: 'integer' } : c.name === 'Name' ? { ...c, nullable: true } : c),
      ),
    };
    assert.deepEqual(disagreements(wrong, stored), [
      'stores.Name (stores.name): never NULL, said nullable',
      'stores.City (stores.city): integer in the definition, text in the table',
    ]);
    const users = resources.find((def) => def.name === 'users')!;
    const notSaid: ResourceDef = {
      ...users,
      columns: users.columns.map((c): ColumnDef => (c.name === 'GroupName' ? { ...c, nullable: undefined } : c)),
    };
    assert.deepEqual(disagreements(notSaid, stored), ['users.GroupName (groups.name): may be NULL, not said']);
  });
});
