// What a change's answer does to the table and the dialog (islands/data-table/dialogs/change-outcome.ts),
// with a table host that only records what it is asked: marks, one notice, refreshes (each by how long it waits),
// rows shown in place.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultMessages as m, useLanguage } from '../../server/messages.ts';
import type { ChangeAnswer } from '../../islands/data-table/dialogs/change-call.ts';
import { applyAnswer, REMOVED_ROWS_SHOWN_MS } from '../../islands/data-table/dialogs/change-outcome.ts';
import type { TableHost } from '../../islands/data-table/table-host.ts';
import type { Row, TableConfig } from '../../common/table-config.ts';

function recordingHost(config: Partial<TableConfig> = {}) {
  const seen = {
    marks: [] as Array<[unknown[], string]>,
    notices: [] as Array<[string, string]>,
    refreshes: [] as number[],
    shown: [] as Row[],
  };
  const host = {
    config,
    showRows: (rows: ReadonlyArray<Row>) => seen.shown.push(...rows),
    markRows: (keys: ReadonlyArray<unknown>, mark: string) => seen.marks.push([[...keys], mark]),
    notify: (text: string, kind: string) => seen.notices.push([text, kind]),
    refresh: async (delayMs = 0) => {
      seen.refreshes.push(delayMs);
    },
  } as unknown as TableHost;
  return { host, seen };
}

const answer = (parts: Partial<ChangeAnswer>): ChangeAnswer => ({ Succeed: [], Failed: [], Data: [], Error: null, ...parts });

test('rows changed are marked, the table is read again, one success notice says how many, and the dialog closes', () => {
  const { host, seen } = recordingHost();
  const outcome = applyAnswer(host, 'edit', answer({ Succeed: [7] }));
  assert.deepEqual(outcome, { close: true, fields: {}, error: null });
  assert.deepEqual(seen, {
    marks: [[[7], 'updated']],
    notices: [['1 Record(s) Updated Successfully', 'success']],
    refreshes: [0],
    shown: [],
  });
});

test("the server's field messages stay in the open dialog, the notice counting the failure", () => {
  const { host, seen } = recordingHost();
  const failure = { key: null, error: `Store #: ${m.unique}`, fields: { StoreNumber: m.unique } };
  const outcome = applyAnswer(host, 'add', answer({ Failed: [failure] }));
  assert.deepEqual(outcome, { close: false, fields: { StoreNumber: m.unique }, error: null });
  assert.deepEqual(seen, { marks: [], notices: [['1 Record(s) Failed to Insert', 'error']], refreshes: [], shown: [] });
});

test('a reason that names no field is shown as a failure, in the notice and above the fields', () => {
  const { host, seen } = recordingHost();
  const outcome = applyAnswer(host, 'edit', answer({ Failed: [{ key: 3, error: m.forbidden }] }));
  assert.deepEqual(outcome, { close: false, fields: {}, error: m.forbidden });
  assert.deepEqual(seen.marks, [[[3], 'failed']]);
  assert.deepEqual(seen.notices, [[`1 Record(s) Failed to Update. ${m.forbidden}`, 'error']]);
});

test('a row changed since it was read closes the dialog and refreshes the table, in the words of the language file', () => {
  useLanguage({ notFoundRefreshed: 'Nicht gefunden: Tabelle neu geladen' });
  try {
    const { host, seen } = recordingHost();
    // The server's words may be in another language still: the flag says what happened.
    const outcome = applyAnswer(host, 'edit', answer({ Failed: [{ key: 4, error: 'Introuvable', conflict: true }] }));
    assert.deepEqual(outcome, { close: true, fields: {}, error: null });
    assert.deepEqual(seen, {
      marks: [[[4], 'failed']],
      notices: [['1 Record(s) Failed to Update. Nicht gefunden: Tabelle neu geladen.', 'error']],
      refreshes: [0],
      shown: [],
    });
  } finally {
    useLanguage({});
  }
});

test('a table that leaves the refresh to the user reads nothing again: rows show as stored, a row changed meanwhile says "Refresh for changes"', () => {
  const { host, seen } = recordingHost({ refreshAfterChange: false });
  const stored = { StoreID: 7, Name: 'Harbor View', Version: 2 };
  const outcome = applyAnswer(
    host,
    'edit',
    answer({ Succeed: [7], Data: [stored], Failed: [{ key: 4, error: 'Introuvable', conflict: true }] }),
  );
  assert.deepEqual(outcome, { close: true, fields: {}, error: null });
  assert.deepEqual(seen, {
    marks: [
      [[7], 'updated'],
      [[4], 'failed'],
    ],
    notices: [['1 Record(s) Updated Successfully. 1 Record(s) Failed to Update. Information NOT found!. Refresh for changes.', 'error']],
    refreshes: [],
    shown: [stored],
  });
});

test('a delete of several rows, some refused, marks each kind, counts both in one notice, closes, and leaves the rows removed in sight a moment', () => {
  const { host, seen } = recordingHost();
  const outcome = applyAnswer(host, 'delete', answer({ Succeed: [1, 2], Failed: [{ key: 3, error: m.tableInUse }] }));
  assert.equal(outcome.close, true);
  assert.deepEqual(seen.marks, [
    [[1, 2], 'removed'],
    [[3], 'failed'],
  ]);
  assert.deepEqual(seen.notices, [[`2 Record(s) Removed Successfully. 1 Record(s) Failed to Remove. ${m.tableInUse}`, 'error']]);
  assert.deepEqual(seen.refreshes, [REMOVED_ROWS_SHOWN_MS]);
  assert.ok(REMOVED_ROWS_SHOWN_MS >= 1000, 'long enough for a person to see which rows went');
});

test('a request refused as a whole shows its Error as a failure; only a delete dialog closes on it', () => {
  for (const action of ['add', 'delete'] as const) {
    const { host, seen } = recordingHost();
    const outcome = applyAnswer(host, action, answer({ Error: m.tableTooManyRows.replace('{0}', '1000') }));
    assert.equal(outcome.close, action === 'delete');
    assert.deepEqual(seen.notices, [['At most 1000 records can be changed at once.', 'error']]);
    assert.deepEqual([seen.marks, seen.refreshes], [[], []]);
  }
});
