// Picking a cycle fills the form's date pair with its first and last day: the cycle's options carry them
// (data-from, data-to, dd/MM/yyyy: server/reports/cycle-choices.ts). The dates are then checked as if typed.
import { dateRangeOf } from './date-range.ts';

export function startCycleFillsRange(): void {
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.form) return;
    const { from, to } = select.selectedOptions[0]?.dataset ?? {};
    const range = from && to ? dateRangeOf(select.form) : null;
    if (!range || !from || !to) return;
    range.from.value = from;
    range.to.value = to;
    for (const field of [range.from, range.to]) field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
