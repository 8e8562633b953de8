// An import's four counts, in words: to add, to change, unchanged, refused; and the sentence saying them.
import { formatCount } from '../../../common/format-count.ts';
import { importMsg } from '../../../common/import-messages.ts';
import type { ImportCounts as Counts } from './import-api.ts';

export function ImportCounts({ counts }: { counts: Counts }) {
  const items = [
    ['importDialogCountAdd', counts.Add, 'add'],
    ['importDialogCountChange', counts.Change, 'change'],
    ['importDialogCountUnchanged', counts.Unchanged, 'unchanged'],
    ['importDialogCountRefused', counts.Refused, 'refused'],
  ] as const;
  return (
    <dl className="import-counts">
      {items.map(([word, count, kind]) => (
        <div key={kind} className={`import-count-${kind}${count > 0 ? ' has-rows' : ''}`}>
          <dt>{importMsg(word)}</dt>
          <dd>{formatCount(count)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What an import did, in one sentence: the table's notice and the dialog's last word. */
export function doneText(counts: Counts): string {
  return importMsg(
    'importDialogDone',
    formatCount(counts.Add),
    formatCount(counts.Change),
    formatCount(counts.Unchanged),
    formatCount(counts.Refused),
  );
}
