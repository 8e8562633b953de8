// The resource definitions are plain data that the server trusts: these checks catch a definition that
// names a column it does not declare, before a request finds it.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { resources } from '../../server/resources/index.ts';

describe('resource definitions', () => {
  for (const def of resources) {
    test(def.name, () => {
      const names = new Set(def.columns.map((c) => c.name));
      assert.equal(names.size, def.columns.length, 'column names are unique');
      for (const s of def.defaultSort) assert.ok(names.has(s.column), `default sort column ${s.column}`);
      for (const f of def.fields) {
        const column = def.columns.find((c) => c.name === f.name);
        assert.ok(column?.writes || column?.links, `field ${f.name} edits a writable column or a list of codes`);
        if (!f.options) continue;
        // Choices come from another resource's integer id and a label (server/table-api/change/choices.ts).
        const from = resources.find((r) => r.name === f.options!.resource);
        assert.ok(from, `field ${f.name} chooses from ${f.options.resource}`);
        assert.equal(from.columns.find((c) => c.name === f.options!.value)?.type, 'integer', `field ${f.name}: its value column`);
        assert.ok(
          from.columns.some((c) => c.name === f.options!.label),
          `field ${f.name}: its label column`,
        );
      }
      if (def.totalsTable) {
        const totalled = def.columns
          .filter((c) => c.total)
          .map((c) => c.name)
          .sort();
        assert.deepEqual(Object.keys(def.totalsTable.totals).sort(), totalled, 'the totals table answers every footer total');
        if (def.bucketTotals)
          assert.deepEqual(Object.keys(def.bucketTotals.totals).sort(), totalled, 'the bucket totals table answers every footer total');
      }
      for (const [column, measure] of Object.entries(def.valueCounts?.measures ?? {})) {
        const counted = def.columns.find((c) => c.name === column);
        assert.ok(
          counted?.sortable && (counted.type === 'integer' || counted.type === 'number'),
          `value counts of ${column}: a sortable amount`,
        );
        // Written into SQL as a literal (server/table-api/list/positions.ts): a plain name only.
        assert.match(measure ?? '', /^[a-z_]+$/, `measure of ${column}`);
      }
    });
  }
});
