// The limits an operator sets (server/limits.ts): read from the environment with their defaults, and
// documented, every one, in the Limits table of docs/configuration.md with the default the code has.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLimits, limitVariables, readLimits, withLimits } from '../../server/limits.ts';
import { readConfig } from '../../server/config.ts';
import { root } from '../support/template-db.ts';

test('a limit is read from its variable; unset, empty or not a whole number above 0, the default stays', () => {
  assert.equal(readLimits({ EXPORTS_PER_USER: '3' }).exports.perUser, 3);
  for (const text of ['', '0', '-2', '2.5', 'lots', ' ']) assert.equal(readLimits({ EXPORTS_PER_USER: text }).exports.perUser, 2, text);
  assert.deepEqual(readLimits({}), defaultLimits);
  assert.equal(readConfig({ PDF_QUEUE: '40' }).limits.pdf.queue, 40);
});

test('a limit past what makes sense is taken as its most: Excel holds 1,048,575 rows under its header', () => {
  assert.equal(readLimits({ XLSX_MAX_ROWS: '5000000' }).exports.xlsxMaxRows, 1_048_575);
  assert.equal(readLimits({ XLSX_MAX_ROWS: '1000' }).exports.xlsxMaxRows, 1000);
});

test('some limits given over others keep the rest', () => {
  const limits = withLimits(defaultLimits, { pdf: { queue: 1 } });
  assert.equal(limits.pdf.queue, 1);
  assert.equal(limits.pdf.jobMs, defaultLimits.pdf.jobMs);
  assert.deepEqual(limits.exports, defaultLimits.exports);
});

test("the configuration page's Limits table names every limit's variable with the default the code has", () => {
  const page = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
  const start = page.indexOf('\n## Limits\n');
  assert.ok(start >= 0, 'docs/configuration.md has a Limits section');
  const table = page.slice(start, page.indexOf('\n## ', start + 1));
  const rows = new Map([...table.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]));
  for (const { env, default: value } of limitVariables()) {
    assert.ok(rows.has(env), `${env} is in the Limits table of docs/configuration.md`);
    if (env !== 'PDF_PAGES') assert.equal(rows.get(env), `\`${value}\``, env);
  }
  assert.equal(rows.size, limitVariables().length, 'and nothing else');
});
