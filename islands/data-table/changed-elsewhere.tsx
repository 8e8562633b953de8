// The table's word that someone else changed its rows since they were read (use-list.ts hears it from the
// hub), in a polite live region, with the way to read them again. The selection stays: a refresh keeps the
// rows it still holds selected.
import { tableMsg } from '../../common/table-messages.ts';

export function ChangedElsewhere({ changed, onRefresh }: { changed: boolean; onRefresh: () => void }) {
  return (
    <div className="dt-changed">
      <p className="dt-notice" role="status">
        {changed ? tableMsg('tableChangedElsewhere') : ''}
      </p>
      {changed && (
        <button type="button" onClick={onRefresh}>
          {tableMsg('tableRefresh')}
        </button>
      )}
    </div>
  );
}
