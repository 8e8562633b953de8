// The `unique` rule on a server-rendered form: the values already taken come from the control's
// data-unique-url (a JSON array of strings), fetched once per rendered field. Until they arrive the rule
// passes, and the server, which checks again on submit, has the last word.
import type { Control } from './controls.ts';

const taken = new WeakMap<Control, ReadonlyArray<string>>();
const loading = new WeakSet<Control>();

/** The values this field must differ from, as far as they are known yet. */
export function takenValues(control: Control): ReadonlyArray<string> | undefined {
  return taken.get(control);
}

/** Starts loading the field's taken values (once); `onLoaded` runs when they are known. */
export function loadTakenValues(control: Control, onLoaded: () => void): void {
  const url = control.dataset.uniqueUrl;
  if (!url || taken.has(control) || loading.has(control)) return;
  loading.add(control);
  void fetch(url, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    .then((list) => {
      if (!Array.isArray(list)) return;
      taken.set(
        control,
        list.filter((v): v is string => typeof v === 'string'),
      );
      onLoaded();
    })
    .catch(() => console.warn(`could not load the values taken for field "${control.name}"`))
    .finally(() => loading.delete(control));
}
