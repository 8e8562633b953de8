// A form's From/To date pair (`data-date-range` on the form, the DateRangePair of its definition as JSON):
// checked together with checkDateRange, whose first failing message shows in the pair's one slot.
import type { DateRangePair } from '../../common/form-definition.ts';
import { checkDateRange } from '../../common/validation.ts';
import { paintSlot } from './field-message.ts';

interface DateRange {
  pair: DateRangePair;
  from: HTMLInputElement;
  to: HTMLInputElement;
  slot: HTMLElement | null;
}

export function dateRangeOf(form: HTMLFormElement): DateRange | null {
  const spec = form.dataset.dateRange;
  if (!spec) return null;
  let pair: DateRangePair;
  try {
    pair = JSON.parse(spec) as DateRangePair;
  } catch {
    console.error('data-date-range of a form is not JSON');
    return null;
  }
  const from = form.elements.namedItem(pair.from);
  const to = form.elements.namedItem(pair.to);
  if (!(from instanceof HTMLInputElement) || !(to instanceof HTMLInputElement)) return null;
  return { pair, from, to, slot: form.querySelector<HTMLElement>('[data-date-range-message]') };
}

/** The pair's message, or `null` when the range is acceptable. */
export function dateRangeMessage(range: DateRange): string | null {
  return checkDateRange(range.from.value, range.to.value, range.pair.options);
}

export function showDateRange(range: DateRange, message: string | null): void {
  if (range.slot) paintSlot(range.slot, message, 'error');
  for (const input of [range.from, range.to]) input.setAttribute('aria-invalid', String(message !== null));
}
