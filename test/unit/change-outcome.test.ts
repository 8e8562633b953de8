// What a change's answer does to the table and the dialog (islands/data-table/dialogs/change-outcome.ts),
// with a table host that only records what it is asked: marks, one notice, refreshes (each by how long it waits),
// rows shown in place.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultMessages as m, useLanguage } from '../../server/messages.ts';
import type { ChangeAnswer } from '../../islands/data-table/dialogs/change-call.ts';
import { applyAnswer, REMOVED_ROWS_SHOWN_MS } from '../../islands/data-table/dialogs/change-outcome.ts';
import type { NoticeAction, TableHost } from '../../islands/data-table/table-host.ts';
import { namedRows } from '../../islands/data-table/dialogs/row-names.ts';
import { UNDO_SECONDS } from '../../common/undo.ts';
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

/** A host recording each notice with the action it offers (Undo), if any. */
function noticeHost() {
  const notices: Array<{ text: string; action?: NoticeAction }> = [];
  const host = {
    config: { key: 'StoreID', columns: [{ name: 'StoreNumber', format: 'text' }], listUrl: '/api/stores' },
    markRows: () => undefined,
    refresh: async () => undefined,
    notify: (text: string, _kind: string, action?: NoticeAction) => notices.push({ text, action }),
  } as unknown as TableHost;
  return { host, notices };
}

test('an edit or delete that changed rows offers Undo for its time; an add, or a change of no row, does not', () => {
  for (const action of ['edit', 'delete'] as const) {
    const { host, notices } = noticeHost();
    applyAnswer(host, action, answer({ Succeed: [1], Failed: [{ key: 2, error: m.tableInUse }], UndoID: 9 }));
    assert.equal(notices[0]!.action?.label, 'Undo', action);
    assert.equal(notices[0]!.action?.seconds, UNDO_SECONDS);
  }
  const added = noticeHost();
  applyAnswer(added.host, 'add', answer({ Succeed: [1], UndoID: 9 }));
  const none = noticeHost();
  applyAnswer(none.host, 'edit', answer({ Failed: [{ key: 2, error: m.forbidden }] }));
  assert.deepEqual([added.notices[0]!.action, none.notices[0]!.action], [undefined, undefined]);
});

test("a change of several rows names the row of each reason, unless the reason is every row's", () => {
  const names = (key: unknown) => `#${String(key)}`;
  const { host, notices } = noticeHost();
  const unique = { error: `Store #: ${m.unique}`, fields: { StoreNumber: m.unique } };
  applyAnswer(
    host,
    'edit',
    answer({
      Succeed: [1],
      Failed: [
        { key: 2, ...unique },
        { key: 3, error: m.forbidden },
      ],
    }),
    names,
  );
  assert.equal(
    notices[0]!.text,
    `1 Record(s) Updated Successfully. 2 Record(s) Failed to Update. #2: Store #: ${m.unique} #3: ${m.forbidden}`,
  );
  const same = noticeHost();
  applyAnswer(
    same.host,
    'edit',
    answer({
      Failed: [
        { key: 2, error: m.forbidden },
        { key: 3, error: m.forbidden },
      ],
    }),
    names,
  );
  assert.equal(same.notices[0]!.text, `2 Record(s) Failed to Update. ${m.forbidden}`);
});

test('a list of rows is named up to five, then "and N more"', () => {
  const config = { key: 'StoreID', columns: [{ name: 'Name', format: 'text' }] } as unknown as TableConfig;
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ StoreID: i + 1, Name: `Store ${i + 1}` }));
  assert.deepEqual(namedRows(config, rows(2)), ['Store 1', 'Store 2']);
  assert.deepEqual(namedRows(config, rows(6)).at(-1), 'Store 6', 'one more is named, not counted');
  assert.deepEqual(namedRows(config, rows(40)), ['Store 1', 'Store 2', 'Store 3', 'Store 4', 'Store 5', 'and 35 more']);
  // A row without a name is called by its key.
  assert.deepEqual(namedRows(config, [{ StoreID: 7, Name: '' }]), ['7']);
});
