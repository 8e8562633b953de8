// Report parameter forms send the header's store selection with their parameters: a hidden
// `input[data-selected-stores]` gets the selection (`3,17,42`, a long list's reference, empty for all
// stores) just before the form is sent, so it is always the current one.
import { selectionParam } from '../shell/store-label.ts';

export function startSelectedStoresField(): void {
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof HTMLFormElement)) return;
      for (const input of event.target.querySelectorAll<HTMLInputElement>('input[data-selected-stores]')) input.value = selectionParam();
    },
    true,
  );
}
