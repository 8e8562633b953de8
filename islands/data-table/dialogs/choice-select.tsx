// A select field of a dialog: its choices come from the table's choices endpoint (GET <listUrl>/options?
// field=, server/table-api/change/choices.ts: the rows of another resource this user may reach, by value and
// label). A long list gets a search box above it: it narrows the list in the browser, or asks the server
// when there are more choices than it sent. The chosen value stays listed whatever the search.
import { useEffect, useState, type SelectHTMLAttributes } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';

interface Choice {
  value: string;
  label: string;
}

interface ChoiceList {
  options: Choice[];
  /** The server has more choices than it sent. */
  more: boolean;
}

/** A list longer than this is searchable. */
const LONG_LIST = 15;
const SEARCH_DELAY_MS = 250;

async function fetchChoices(listUrl: string, field: string, search: string, signal: AbortSignal): Promise<ChoiceList> {
  const params = new URLSearchParams({ field });
  if (search) params.set('search', search);
  const res = await fetch(`${listUrl}/options?${params}`, { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`choices of ${field}: ${res.status}`);
  const json = (await res.json()) as { options?: Array<{ value: unknown; label: unknown }>; more?: unknown };
  const options = (json.options ?? []).map((o) => ({ value: String(o.value), label: String(o.label ?? o.value) }));
  return { options, more: json.more === true };
}

interface ChoiceSelectProps {
  listUrl: string;
  field: { name: string; label: string };
  value: string;
  onChange(value: string): void;
  /** The select's id, name and aria attributes. */
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
}

export function ChoiceSelect({ listUrl, field, value, onChange, selectProps }: ChoiceSelectProps) {
  const [first, setFirst] = useState<ChoiceList | null>(null);
  const [found, setFound] = useState<Choice[] | null>(null);
  const [search, setSearch] = useState('');
  const [failed, setFailed] = useState(false);
  const [known, setKnown] = useState<Choice | null>(null);

  useEffect(() => {
    const asked = new AbortController();
    fetchChoices(listUrl, field.name, '', asked.signal).then(setFirst, () => asked.signal.aborted || setFailed(true));
    return () => asked.abort();
  }, [listUrl, field.name]);

  // The server is searched only when it did not send every choice at first.
  const text = search.trim();
  useEffect(() => {
    if (!first?.more || !text) {
      setFound(null);
      return;
    }
    const asked = new AbortController();
    const timer = setTimeout(() => {
      fetchChoices(listUrl, field.name, text, asked.signal).then(
        (list) => setFound(list.options),
        () => asked.signal.aborted || setFailed(true),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      asked.abort();
    };
  }, [first, text, listUrl, field.name]);

  const all = first?.options ?? [];
  const needle = text.toLowerCase();
  const listed = found ?? (needle ? all.filter((c) => c.label.toLowerCase().includes(needle)) : all);
  // The chosen value keeps its option, with the label it was chosen by (or its own value, not yet known).
  const chosen =
    value === '' ? null : ([...all, ...listed, known].find((c) => c?.value === value) ?? { value, label: first ? value : msg('loading') });
  const shown = chosen && !listed.some((c) => c.value === chosen.value) ? [chosen, ...listed] : listed;
  const long = first !== null && (first.more || first.options.length > LONG_LIST);

  return (
    <>
      {long && (
        <input
          type="search"
          className="choice-search"
          aria-label={tableMsg('dialogChoiceSearch', field.label)}
          placeholder={tableMsg('dialogChoiceSearch', field.label)}
          aria-controls={selectProps.id}
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // Enter in the search box narrows the list; it does not send the dialog.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      )}
      <select
        {...selectProps}
        value={value}
        onChange={(e) => {
          setKnown(shown.find((c) => c.value === e.target.value) ?? null);
          onChange(e.target.value);
        }}
      >
        <option value="" />
        {shown.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {failed && <p className="field-hint">{tableMsg('dialogChoicesFailed')}</p>}
      {long && first?.more && !text && <p className="field-hint">{tableMsg('dialogChoicesMore')}</p>}
    </>
  );
}
