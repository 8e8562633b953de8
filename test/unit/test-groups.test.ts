// Which test files share a process (scripts/test-groups.ts): short unit and server files a few to a process,
// every other file alone, and a group's entry imports exactly its files' bundles.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inGroups, type TestFile } from '../../scripts/test-groups.ts';

const file = (source: string): TestFile => ({ source, bundle: `/bundles/${source.replace(/\.ts$/, '.mjs')}` });

describe('test files sharing processes', () => {
  test('short unit and server files go six to a process by folder; browser, long and named files alone', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'backroom-groups-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const units = Array.from({ length: 8 }, (_, i) => file(`test/unit/u${i}.test.ts`));
    const servers = Array.from({ length: 3 }, (_, i) => file(`test/server/s${i}.test.ts`));
    const others = [file('test/browser/b.test.ts'), file('test/server/faults.test.ts'), file('test/server/long.test.ts')];
    const processes = inGroups([...units, ...servers, ...others], new Map([['test/server/long.test.ts', 40_000]]), dir, 6);

    assert.deepEqual(
      processes.map((p) => (p.members ?? [p]).map((m) => m.source)),
      [
        ['test/browser/b.test.ts'],
        ['test/server/faults.test.ts'],
        ['test/server/long.test.ts'],
        units.slice(0, 6).map((u) => u.source),
        units.slice(6).map((u) => u.source),
        servers.map((s) => s.source),
      ],
    );
    const group = processes[3]!;
    assert.equal(group.source, 'test/unit/u0.test.ts and 5 more');
    assert.deepEqual(
      readFileSync(group.bundle, 'utf8').trim().split('\n'),
      units.slice(0, 6).map((u) => `import ${JSON.stringify(pathToFileURL(u.bundle).href)};`),
    );
  });

  test('a folder with one short file left over runs it alone, not as a group of one', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'backroom-groups-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const seven = Array.from({ length: 7 }, (_, i) => file(`test/unit/u${i}.test.ts`));
    const processes = inGroups(seven, new Map(), dir, 6);
    assert.equal(processes.length, 2);
    assert.equal(processes[1], seven[6]);
  });
});
