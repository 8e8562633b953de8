// The import dialog's check of a column match before the rows are checked (islands/data-table/import/mapping.ts):
// no column matched, or a field chosen twice, stop it with a message; a required field no column gives is
// said, and does not stop it.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultMessages as m } from '../../server/messages.ts';
import { mappingProblems } from '../../islands/data-table/import/mapping.ts';

const fields = [
  { Name: 'Code', Label: 'Code', Required: true },
  { Name: 'Name', Label: 'Name', Required: true },
  { Name: 'Region', Label: 'Region', Required: false },
];

describe('the column match of an import', () => {
  test('a match naming each required field once has no problem', () => {
    assert.deepEqual(mappingProblems(['Code', 'Name', null], fields), { stop: null, notes: [] });
  });

  test('no column matched stops the check', () => {
    assert.equal(mappingProblems([null, null], fields).stop, m.importDialogMatchNone);
  });

  test('a field chosen for two columns stops the check, by its label', () => {
    assert.equal(mappingProblems(['Code', 'Name', 'Name'], fields).stop, m.importDialogMatchTwice.replace('{0}', 'Name'));
  });

  test('a required field no column gives is said, and the check may go on', () => {
    const problems = mappingProblems(['Code', 'Region'], fields);
    assert.equal(problems.stop, null);
    assert.deepEqual(problems.notes, [m.importDialogMatchMissing.replace('{0}', 'Name')]);
  });
});
