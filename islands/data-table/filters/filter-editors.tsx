// The fields of one column's filter, by its kind: a "contains" box for text; a list of checkboxes for
// choices (a fixed set, Yes/No, or the values another table holds, asked of GET <listUrl>/filter-values);
// From and To days with quick picks for dates; At least and At most for numbers.
import { useEffect, useState } from 'react';
import type { Column } from '../../../common/resources/types.ts';
import { choiceText, filterKind, knownChoices } from '../../../common/table-filters.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import { DateInput } from '../dialogs/date-input.tsx';
import type { Draft } from './filter-draft.ts';
import { quickDays, type DayRange } from '../../../common/quick-days.ts';
import { quickDayWords, type QuickDay } from '../../../common/quick-day-words.ts';
import { thisCycle } from './quick-days.ts';

interface EditorProps {
  column: Column;
  listUrl: string;
  draft: Draft;
  onDraft(draft: Draft): void;
  /** A quick pick: the range fills From and To (Apply applies it); `day` when it is a day relative to today. */
  onPick(range: DayRange, day?: QuickDay): void;
  idPrefix: string;
  /** The id of the message under the fields, which describes them. */
  messageId: string;
}

export function FilterEditor(props: EditorProps) {
  switch (filterKind(props.column)) {
    case 'text':
      return <TextEditor {...props} />;
    case 'choice':
      return <ChoiceEditor {...props} />;
    case 'date':
      return <DateEditor {...props} />;
    case 'number':
      return <NumberEditor {...props} />;
  }
}

function TextEditor({ column, draft, onDraft, idPrefix, messageId }: EditorProps) {
  return (
    <div className="field">
      <label htmlFor={`${idPrefix}text`}>{tableMsg('filterContains', column.label)}</label>
      <input
        id={`${idPrefix}text`}
        type="text"
        maxLength={200}
        value={draft.text}
        aria-describedby={messageId}
        onChange={(e) => onDraft({ ...draft, text: e.target.value })}
      />
    </div>
  );
}

/** The values of a column whose choices live in another table, asked once per panel. */
function useFetchedChoices(listUrl: string, column: Column): { values: ReadonlyArray<string> | null; failed: boolean } {
  const known = knownChoices(column);
  const [fetched, setFetched] = useState<{ name: string; values: string[] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (known) return;
    const asked = new AbortController();
    setFailed(false);
    fetch(`${listUrl}/filter-values?${new URLSearchParams({ column: column.name })}`, {
      headers: { Accept: 'application/json' },
      signal: asked.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        setFetched({ name: column.name, values: ((await res.json()) as { values: string[] }).values });
      })
      .catch(() => asked.signal.aborted || setFailed(true));
    return () => asked.abort();
  }, [listUrl, column.name, known]);
  return { values: known ?? (fetched?.name === column.name ? fetched.values : null), failed };
}

function ChoiceEditor({ column, listUrl, draft, onDraft, idPrefix, messageId }: EditorProps) {
  const { values, failed } = useFetchedChoices(listUrl, column);
  const label = (value: string) => choiceText(column, value);
  // A value chosen earlier that the list no longer holds stays listed, so it can be unticked.
  const listed = values ? [...values, ...draft.choices.filter((v) => !values.includes(v))] : draft.choices;
  // The values chosen keep the list's order, whatever order they were ticked in.
  const toggle = (value: string, on: boolean) =>
    onDraft({ ...draft, choices: listed.filter((v) => (v === value ? on : draft.choices.includes(v))) });
  return (
    <fieldset className="dt-filter-choices" aria-describedby={messageId}>
      <legend>{column.label}</legend>
      {failed && <p className="field-message">{tableMsg('filterChoicesFailed')}</p>}
      {!values && !failed && <p className="dt-filter-loading">{tableMsg('processing')}</p>}
      <ul>
        {listed.map((value, i) => (
          <li key={value}>
            <input
              id={`${idPrefix}choice${i}`}
              type="checkbox"
              checked={draft.choices.includes(value)}
              onChange={(e) => toggle(value, e.target.checked)}
            />
            <label htmlFor={`${idPrefix}choice${i}`}>{label(value)}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function DateEditor({ draft, onDraft, onPick, idPrefix, messageId }: EditorProps) {
  const [cycleProblem, setCycleProblem] = useState('');
  const pickCycle = () => {
    setCycleProblem('');
    thisCycle().then(
      (range) => (range ? onPick(range) : setCycleProblem(tableMsg('filterNoCycle'))),
      () => setCycleProblem(tableMsg('filterChoicesFailed')),
    );
  };
  const end = (key: 'from' | 'to', label: string) => (
    <div className="field">
      <label htmlFor={`${idPrefix}${key}`}>{label}</label>
      <DateInput
        value={draft[key]}
        label={tableMsg(key === 'from' ? 'filterFirstDay' : 'filterLastDay')}
        onChange={(value) => onDraft({ ...draft, [key]: value })}
        inputProps={{ id: `${idPrefix}${key}`, placeholder: 'dd/MM/yyyy', 'aria-describedby': messageId }}
      />
    </div>
  );
  return (
    <div className="dt-filter-dates">
      <div className="dt-filter-picks">
        {quickDayWords.map(([day, words]) => (
          <button key={day} type="button" onClick={() => onPick(quickDays[day](), day)}>
            {tableMsg(words)}
          </button>
        ))}
        <button type="button" onClick={pickCycle}>
          {tableMsg('filterThisCycle')}
        </button>
      </div>
      {cycleProblem && (
        <p className="field-message" role="alert">
          {cycleProblem}
        </p>
      )}
      <div className="dt-filter-range">
        {end('from', tableMsg('filterFrom'))}
        {end('to', tableMsg('filterTo'))}
      </div>
    </div>
  );
}

function NumberEditor({ column, draft, onDraft, idPrefix, messageId }: EditorProps) {
  const end = (key: 'from' | 'to', label: string, both = false) => (
    <div className="field">
      <label htmlFor={`${idPrefix}${key}`}>{column.format === 'percent' ? tableMsg('filterPercent', label) : label}</label>
      <input
        id={`${idPrefix}${key}`}
        type="text"
        inputMode={column.type === 'integer' ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={draft[key]}
        aria-describedby={messageId}
        onChange={(e) => onDraft(both ? { ...draft, from: e.target.value, to: e.target.value } : { ...draft, [key]: e.target.value })}
      />
    </div>
  );
  // A whole number shown as text names one thing (a store's number): it is looked up, not ranged. A range
  // written in the address (1000~1100) still shows as the two ends it is.
  if (column.type === 'integer' && column.format === 'text' && draft.from === draft.to) {
    return <div className="dt-filter-range">{end('from', tableMsg('filterEquals'), true)}</div>;
  }
  return (
    <div className="dt-filter-range">
      {end('from', tableMsg('filterMin'))}
      {end('to', tableMsg('filterMax'))}
    </div>
  );
}
