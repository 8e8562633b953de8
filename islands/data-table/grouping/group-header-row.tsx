// A group's header row: a disclosure button (APG "Disclosure": aria-expanded) naming the grouping column and
// the group's value (`(no name)` for an empty one), its row count, and its totals over all of its rows.
// The totals stand under their columns when the label fits in the columns before the first total; when a
// total column comes first, the row is one cell and the totals follow the label, each with its column's name.
import { formatTotal, formatValue } from '../../../common/format.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Column } from '../../../common/resources/types.ts';
import type { GroupLine } from './group-lines.ts';
import { phoneClass } from '../phone/phone-columns.ts';

interface GroupHeaderRowProps {
  line: GroupLine;
  /** The table's shown columns in order; undefined stands for a column of the table's own (the row checkbox). */
  columns: ReadonlyArray<Column | undefined>;
  /** The grouping column's configuration (its label and format). */
  groupColumn: Column;
  /** Widths the user set: those columns' total cells clip to them, as the rows' cells do. */
  sizes: Readonly<Record<string, number>>;
  /** The shown columns a phone leaves out of the rows (phone/): their totals too. */
  phoneHidden: ReadonlySet<string>;
  onToggle(line: GroupLine, row: HTMLTableRowElement): void;
}

/** The group's value as its column shows it, or the spec's empty group label. */
export function groupValueText(value: unknown, column: Column): string {
  const text = value === null || value === undefined ? '' : formatValue(value, column.format);
  return text.trim() === '' ? tableMsg('emptyGroup') : text;
}

export function GroupHeaderRow({ line, columns, groupColumn, sizes, phoneHidden, onToggle }: GroupHeaderRowProps) {
  const totalClass = (c: Column) =>
    [`dt-col-${c.total === 'count' ? 'integer' : c.format}`, phoneClass(phoneHidden, c.name), sizes[c.name] ? 'dt-sized' : '']
      .filter(Boolean)
      .join(' ');
  const totals = line.figures?.totals ?? {};
  const hasTotal = (c: Column | undefined): c is Column => !!c?.total && totals[c.name] !== undefined;
  const firstTotal = columns.findIndex(hasTotal);
  // The label needs at least two columns' room (the row checkbox's is narrow); else the totals go inline.
  const aligned = firstTotal >= 2;
  const span = aligned ? firstTotal : columns.length;
  const inline = aligned ? [] : columns.filter(hasTotal);
  // A row header for the totals beside it; alone in its row it would head nothing, so it is a plain cell.
  const Head = aligned ? 'th' : 'td';
  return (
    <tr className={`dt-group-row dt-group-depth-${line.depth}${line.open ? ' dt-group-open' : ''}`} data-group-key={line.key}>
      <Head scope={aligned ? 'row' : undefined} colSpan={span} className="dt-group-head">
        <button
          type="button"
          className="dt-group-toggle"
          aria-expanded={line.open}
          onClick={(event) => onToggle(line, event.currentTarget.closest('tr') as HTMLTableRowElement)}
        >
          {tableMsg('groupHeader', groupColumn.label, groupValueText(line.value, groupColumn))}
        </button>
        {line.figures && <span className="dt-group-count">{tableMsg('recordCount', formatValue(line.figures.count, 'integer'))}</span>}
        {inline.map((c) => (
          <span key={c.name} className="dt-group-inline-total">
            {tableMsg('groupHeader', c.label, formatTotal(totals[c.name], c))}
          </span>
        ))}
      </Head>
      {aligned &&
        columns.slice(firstTotal).map((c, i) => (
          <td key={c?.name ?? `own-${i}`} className={c ? totalClass(c) : undefined}>
            {hasTotal(c) ? formatTotal(totals[c.name], c) : ''}
          </td>
        ))}
    </tr>
  );
}
