// The filter panel (a disclosure under the Filters button, not a dialog: the table stays in sight and in
// reach): a Column select, that column's fields (filter-editors.tsx), Apply and "Clear this filter". The
// draft is checked as the server reads it (filter-draft.ts): a value that cannot be read is explained under
// the fields and not sent. Loaded on first use, as the Settings dialog is.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TableConfig } from '../../../common/table-config.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import { orderedColumns, type TableState } from '../../../common/table-state.ts';
import { FilterEditor } from './filter-editors.tsx';
import { draftOf, emptyDraft, textOf, type Draft } from './filter-draft.ts';
import type { DayRange } from '../../../common/quick-days.ts';
import type { QuickDay } from '../../../common/quick-day-words.ts';

export interface FilterPanelProps {
  config: TableConfig;
  state: TableState;
  /** The column to open on (a chip's, or the first). */
  first: string | null;
  /** Sets a column's filter ('' takes it off); `day` when it is a day relative to today, kept as such. */
  onFilter(name: string, text: string, day?: QuickDay): void;
  /** Esc: the panel closes (APG "Disclosure": the focus goes back to the button that opened it). */
  onClose(): void;
}

/** The columns people filter by: every one but the program's own (keys, versions). */
export function filterableColumns(config: TableConfig, state: TableState) {
  return orderedColumns(config, state)
    .map((name) => config.columns.find((c) => c.name === name)!)
    .filter((c) => !c.internal);
}

export default function FilterPanel({ config, state, first, onFilter, onClose }: FilterPanelProps) {
  const id = useId();
  const columns = filterableColumns(config, state);
  const [name, setName] = useState(first ?? columns[0]?.name ?? '');
  const column = columns.find((c) => c.name === name) ?? columns[0];
  const [draft, setDraft] = useState<Draft>(() => (column ? draftOf(column, state.filters[column.name]) : emptyDraft));
  const [problem, setProblem] = useState('');
  /** The relative day a quick pick filled From and To with: applied as that day while they hold its days. */
  const [picked, setPicked] = useState<(DayRange & { day: QuickDay }) | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  // Opened: the focus goes to its first field.
  useEffect(() => select.current?.focus(), []);
  if (!column) return null;

  const choose = (next: string) => {
    const c = columns.find((x) => x.name === next)!;
    setName(next);
    setDraft(draftOf(c, state.filters[next]));
    setProblem('');
    setPicked(null);
  };
  const apply = (d: Draft) => {
    const read = textOf(column, d);
    if ('problem' in read) return setProblem(read.problem);
    setProblem('');
    onFilter(column.name, read.text, picked && picked.from === d.from && picked.to === d.to ? picked.day : undefined);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  // A quick pick fills From and To, and Apply applies them as it does every filter: nothing in the panel
  // changes the table by itself. The focus goes to Apply, one Enter away.
  const pick = (range: DayRange, day?: QuickDay) => {
    setDraft({ ...draft, from: range.from, to: range.to });
    setPicked(day ? { ...range, day } : null);
    setProblem('');
    applyButton.current?.focus();
  };
  return (
    <form
      className="dt-filter-panel"
      aria-label={tableMsg('filterPanel')}
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      noValidate
    >
      <div className="field">
        <label htmlFor={`${id}column`}>{tableMsg('filterColumn')}</label>
        <select id={`${id}column`} ref={select} value={column.name} onChange={(e) => choose(e.target.value)}>
          {columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <FilterEditor
        key={column.name}
        column={column}
        listUrl={config.listUrl}
        draft={draft}
        onDraft={setDraft}
        onPick={pick}
        idPrefix={`${id}${column.name}`}
        messageId={`${id}problem`}
      />
      <p id={`${id}problem`} className="field-message" role="alert">
        {problem}
      </p>
      <div className="dt-filter-actions">
        <button type="submit" className="primary" ref={applyButton}>
          {tableMsg('filterApply')}
        </button>
        <button
          type="button"
          disabled={!state.filters[column.name]}
          onClick={() => {
            setDraft(emptyDraft);
            setProblem('');
            onFilter(column.name, '');
          }}
        >
          {tableMsg('filterClear')}
        </button>
      </div>
    </form>
  );
}
