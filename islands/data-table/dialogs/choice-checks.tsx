// A dialog field that holds several codes (a user's roles): one checkbox per choice, in a fieldset named by
// the field's label, its choices from the table's choices endpoint (GET <listUrl>/options?field=, every one at
// once). The value is the codes chosen, comma separated, as the table shows them and the server reads them.
import { useEffect, useState } from 'react';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';

interface Choice {
  value: string;
  label: string;
}

interface ChoiceChecksProps {
  listUrl: string;
  field: { name: string; label: string };
  value: string;
  onChange(value: string): void;
  /** The ids of the hint and message that describe the group. */
  describedBy: string;
}

/** The codes a value names, as `value` writes them ("reports, sales"). */
const codesOf = (value: string): string[] =>
  value
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');

export function ChoiceChecks({ listUrl, field, value, onChange, describedBy }: ChoiceChecksProps) {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const asked = new AbortController();
    fetch(`${listUrl}/options?${new URLSearchParams({ field: field.name })}`, {
      headers: { Accept: 'application/json' },
      signal: asked.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`choices of ${field.name}: ${res.status}`);
        const json = (await res.json()) as { options?: Array<{ value: unknown; label: unknown }> };
        setChoices((json.options ?? []).map((o) => ({ value: String(o.value), label: String(o.label ?? o.value) })));
      })
      .catch(() => asked.signal.aborted || setFailed(true));
    return () => asked.abort();
  }, [listUrl, field.name]);

  const chosen = codesOf(value);
  const toggle = (code: string, on: boolean) => {
    const codes = on ? [...chosen, code] : chosen.filter((c) => c !== code);
    // In the choices' order, as the table lists them.
    const order = (choices ?? []).map((c) => c.value);
    onChange(codes.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', '));
  };

  return (
    <fieldset aria-describedby={describedBy}>
      <legend>{field.label}</legend>
      {choices === null && !failed && <span className="field-hint">{msg('loading')}</span>}
      {(choices ?? []).map((choice) => (
        <label key={choice.value} className="check">
          <input
            type="checkbox"
            name={field.name}
            value={choice.value}
            checked={chosen.includes(choice.value)}
            onChange={(e) => toggle(choice.value, e.target.checked)}
          />{' '}
          {choice.label}
        </label>
      ))}
      {failed && <p className="field-hint">{tableMsg('dialogChoicesFailed')}</p>}
    </fieldset>
  );
}
