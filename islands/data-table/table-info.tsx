// The info line under the table: "Showing 1 to 25 of 1,234 entries" (of groups, when grouped), with the count
// before the search when the search narrowed it, and a word after each count that is the database's estimate
// rather than a count (an exact count says nothing more).
import { formatNumber } from '../../common/format.ts';
import { tableMsg } from '../../common/table-messages.ts';
import type { TablePage } from '../../common/table-config.ts';

export function infoText(page: TablePage | null, start: number): string {
  // A grouped table's answer is a page of groups, counted in groups.
  const groups = page?.groups;
  const shown = (groups ?? page?.data)?.length ?? 0;
  const filtered = page?.recordsFiltered ?? 0;
  const first = shown ? start + 1 : 0;
  let text = tableMsg(groups ? 'infoGroups' : 'info')
    .replace('_START_', formatNumber(first))
    .replace('_END_', formatNumber(shown ? start + shown : 0))
    .replace('_TOTAL_', formatNumber(filtered));
  if (page && (page.filteredIsEstimate ?? page.countIsEstimate)) text += ` ${tableMsg('tableCountEstimated')}`;
  if (page && page.recordsTotal !== page.recordsFiltered) {
    text += ` ${tableMsg('tableInfoFiltered').replace('_MAX_', formatNumber(page.recordsTotal))}`;
    if (page.totalIsEstimate ?? page.countIsEstimate) text += ` ${tableMsg('tableCountEstimated')}`;
  }
  return text;
}

export function TableInfo({ page, start }: { page: TablePage | null; start: number }) {
  return <p className="dt-info">{infoText(page, start)}</p>;
}
