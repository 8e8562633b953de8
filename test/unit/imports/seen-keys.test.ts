// The keys an import has met (server/imports/engine/seen-keys.ts): a key met again is known, with the line
// that had it first, however many keys came between (its tables grow meanwhile); a key never met is new.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { SeenKeys } from '../../../server/imports/engine/seen-keys.ts';

const key = (n: number) => JSON.stringify([1000 + (n % 5000), `2026-01-${String(1 + (n % 28)).padStart(2, '0')}`, n]);

describe('keys an import has met', () => {
  test('a key met again gives the line that had it first; a new key gives none', () => {
    const seen = new SeenKeys();
    assert.equal(seen.firstLine('["1001","2026-03-07"]', 2), undefined);
    assert.equal(seen.firstLine('["1001","2026-03-08"]', 3), undefined);
    assert.equal(seen.firstLine('["1001","2026-03-07"]', 9), 2);
    assert.equal(seen.firstLine('["1001","2026-03-07"]', 10), 2, 'still the first line');
  });

  test('two hundred thousand keys, each new once and known after, across every growth', () => {
    const seen = new SeenKeys();
    const count = 200_000;
    for (let n = 0; n < count; n++) assert.equal(seen.firstLine(key(n), n + 2), undefined, `key ${n} is new`);
    for (let n = 0; n < count; n += 7) assert.equal(seen.firstLine(key(n), count + n), n + 2, `key ${n} is known`);
    assert.equal(seen.firstLine(key(count), 0), undefined);
  });
});
