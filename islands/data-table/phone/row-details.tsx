// A row's details on a phone (DataTables' Responsive child row): the columns a phone leaves out of the row
// (phone-columns.ts) listed under it, label and value, opened and closed by a button in the row's first cell
// (APG Disclosure: aria-expanded, aria-controls while open). Wider screens show neither (CSS), since there
// the row holds every column itself.
import type { ReactNode } from 'react';
import { tableMsg } from '../../../common/table-messages.ts';

interface DetailsToggleProps {
  /** The row's name, for the button's. */
  name: string;
  open: boolean;
  detailsId: string;
  onToggle(): void;
}

export function DetailsToggle({ name, open, detailsId, onToggle }: DetailsToggleProps) {
  return (
    // Named by an attribute, as the row's checkbox is: a value the server holds as a Date reads differently there.
    <button
      type="button"
      className="dt-details-toggle"
      aria-label={tableMsg('rowDetails', name)}
      aria-expanded={open}
      aria-controls={open ? detailsId : undefined}
      onClick={onToggle}
    />
  );
}

interface DetailsRowProps {
  id: string;
  /** Cells across: the child row spans the whole table. */
  span: number;
  items: ReadonlyArray<{ key: string; label: string; value: ReactNode }>;
}

export function DetailsRow({ id, span, items }: DetailsRowProps) {
  return (
    <tr className="dt-details-row" id={id}>
      <td colSpan={span}>
        <dl className="dt-details">
          {items.map((item) => (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
