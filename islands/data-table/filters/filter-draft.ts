// A column filter as its panel edits it (the fields people fill in) and back: the per-column search text
// the table sends, checked by the same reader the server uses (common/table-filters.ts), so a value the
// server would refuse is explained beside the field before it is sent. A percent column is typed as the
// percentage it shows (20 for 20%) and sent as the fraction it stores.
import { fractionOf, percentOf } from '../../../common/percent.ts';
import type { Column } from '../../../common/resources/types.ts';
import {
  CHOICE_MARK,
  RANGE_MARK,
  dayText,
  filterKind,
  filterText,
  isFilterProblem,
  readColumnFilter,
} from '../../../common/table-filters.ts';
import { tableMsg } from '../../../common/table-messages.ts';

export interface Draft {
  text: string;
  choices: string[];
  /** dd/MM/yyyy as typed, or the min/max numbers as typed. */
  from: string;
  to: string;
}

export const emptyDraft: Draft = { text: '', choices: [], from: '', to: '' };

const percent = (column: Column) => column.format === 'percent';

export function draftOf(column: Column, text: string | undefined): Draft {
  if (!text) return emptyDraft;
  const read = readColumnFilter(column, text);
  if (isFilterProblem(read)) return emptyDraft;
  switch (read.kind) {
    case 'text':
      return { ...emptyDraft, text: read.text };
    case 'choice':
      return { ...emptyDraft, choices: read.values };
    case 'date':
      return { ...emptyDraft, from: read.from ? dayText(read.from) : '', to: read.to ? dayText(read.to) : '' };
    case 'number': {
      const shown = (v: string | null) => (v === null ? '' : percent(column) ? percentOf(v) : v);
      return { ...emptyDraft, from: shown(read.min), to: shown(read.max) };
    }
  }
}

/** The draft as filter text ('' filters nothing), or the message saying why it cannot be read. */
export function textOf(column: Column, draft: Draft): { text: string } | { problem: string } {
  const kind = filterKind(column);
  let raw: string;
  if (kind === 'text') raw = draft.text.trim();
  else if (kind === 'choice') raw = draft.choices.join(CHOICE_MARK);
  else {
    // A number as people write amounts ("$1,000", "20%") is read as the number.
    const plain = (v: string) => (kind === 'number' ? v.replace(/[\s,$%]/g, '') : v.trim());
    const sent = (v: string) => (kind === 'number' && percent(column) ? fractionOf(plain(v)) : plain(v));
    const [from, to] = [sent(draft.from), sent(draft.to)];
    raw = from === '' && to === '' ? '' : `${from}${RANGE_MARK}${to}`;
  }
  if (raw === '') return { text: '' };
  const read = readColumnFilter(column, raw);
  if (isFilterProblem(read)) return { problem: tableMsg(read.problem, ...read.args) };
  return { text: filterText(read) };
}
