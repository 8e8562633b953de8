// The summary-table island (spec section 2): reads an object of field values from a configurable URL and
// shows them as label/value rows, each formatted by its field type; the first `rows` (default 5) at once
// and a "more" toggle for the rest; 'No Data found' when the object is empty or the call failed. The server
// renders it with its figures (server/islands/render-island.ts); the browser keeps them current.
import { useId, useState } from 'react';
import { fieldText, readFieldValues, type FieldValues } from '../../common/field-values.ts';
import { msg } from '../../common/messages.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';
import { useLiveData } from '../live-data/use-live-data.ts';
import { withStores } from '../live-data/stores-param.ts';

export const DEFAULT_ROWS = 5;

export interface SummaryTableProps {
  title: string;
  /** Where the object of field values comes from; the store selection is added to it. */
  url: string;
  /** The figures the server read from `url` as it rendered the page. */
  initial: FieldValues | null;
  rows?: number;
  /** A link to the detail of these figures, loaded into the page's detail panel (`data-load`). */
  detail?: { href: string; label: string; panel: string };
}

export default function SummaryTable({ title, url, initial, rows = DEFAULT_ROWS, detail }: SummaryTableProps) {
  const { data, stores } = useLiveData(url, initial, readFieldValues);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const entries = Object.entries(data ?? {});
  const extra = entries.length - rows;
  return (
    <section className="summary-card" aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>{title}</h2>
      {entries.length === 0 ? (
        <p className="summary-empty">{msg('summaryEmpty')}</p>
      ) : (
        <table className="summary-table" id={`${id}rows`}>
          <tbody>
            {entries.map(([label, field], i) => (
              <tr key={label} hidden={!expanded && i >= rows}>
                <th scope="row">{label}</th>
                <td className="num">{fieldText(field)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(extra > 0 || detail) && (
        <div className="summary-actions">
          {extra > 0 && (
            <button
              type="button"
              className="summary-more"
              aria-expanded={expanded}
              aria-controls={`${id}rows`}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? onUseMsg('summaryLess') : onUseMsg('summaryMore', extra)}
            </button>
          )}
          {detail && (
            <a href={withStores(detail.href, stores)} data-load={detail.panel}>
              {detail.label}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
