// Date fields that still read and write dd/MM/yyyy (spec section 9) get the browser's own calendar: a button
// after each field of a form's date pair opens a native date input's picker (kept out of sight and out of
// the tab order), and the day picked is written back into the field as dd/MM/yyyy, as if typed. Typing
// still works; only the text field is sent. Listeners sit on document, so the buttons also work in pages
// the history cache restores (a snapshot keeps the markup, not the listeners).
import htmx from 'htmx.org';
// The light formatter and the ISO reader: date-fns's full format and parse carry a locale's worth of code
// (about 8 KB compressed) into every form, the sign-in page's too, for two fixed patterns.
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';
import { calendarDayOf } from '../../common/calendar.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';
import { dateRangeDefaults } from '../../common/validation.ts';
import { dateRangeOf } from './date-range.ts';

const BUTTON = 'date-picker-button';
const SVG = 'http://www.w3.org/2000/svg';

/** The field's day as a native date input holds it, or '' when the field holds no valid date. */
function isoOf(text: string): string {
  return calendarDayOf(text) ?? '';
}

/** A small calendar, drawn (no icon font or emoji font is sure to be there). */
function calendarIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M2.5 3.5h11v10h-11zM2.5 6.5h11M5 2v3M11 2v3M5 9h2M9 9h2M5 11.5h2');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  svg.append(path);
  return svg;
}

/** Field, button, native input: side by side, in that order, in a row of their own. */
function addPicker(field: HTMLInputElement): void {
  if (field.nextElementSibling?.classList.contains(BUTTON)) return;
  const row = document.createElement('span');
  row.className = 'date-input';
  field.before(row);
  row.append(field);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = BUTTON;
  button.append(calendarIcon());
  button.setAttribute('aria-label', onUseMsg('datePickerOpen', labelText(field)));
  const native = document.createElement('input');
  native.type = 'date';
  native.tabIndex = -1;
  native.className = 'visually-hidden';
  native.setAttribute('aria-hidden', 'true');
  field.after(button, native);
}

function addPickers(scope: Element): void {
  const forms = [...(scope.matches('form[data-date-range]') ? [scope] : []), ...scope.querySelectorAll('form[data-date-range]')];
  for (const form of forms) {
    const range = form instanceof HTMLFormElement ? dateRangeOf(form) : null;
    if (range) for (const field of [range.from, range.to]) addPicker(field);
  }
}

function open(button: HTMLElement): void {
  const field = button.previousElementSibling;
  const native = button.nextElementSibling;
  if (!(field instanceof HTMLInputElement) || !(native instanceof HTMLInputElement)) return;
  native.value = isoOf(field.value);
  if (typeof native.showPicker === 'function') native.showPicker();
  else native.focus();
}

function picked(native: HTMLInputElement): void {
  const field = native.previousElementSibling?.previousElementSibling;
  // A native date input's value is always yyyy-MM-dd.
  const day = parseISO(native.value);
  if (!(field instanceof HTMLInputElement) || !isValid(day)) return;
  field.value = lightFormat(day, dateRangeDefaults.format);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function startDatePickers(): void {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(`.${BUTTON}`) : null;
    if (button) open(button);
  });
  document.addEventListener('change', (event) => {
    const native = event.target;
    if (native instanceof HTMLInputElement && native.type === 'date' && native.previousElementSibling?.classList.contains(BUTTON))
      picked(native);
  });
  // This code loads once the first such form has arrived: that one first, then every form swapped in later.
  addPickers(document.body);
  htmx.onLoad((scope) => {
    if (scope instanceof Element) addPickers(scope);
  });
}

/** The field's label as a screen reader hears it: without the visible required marker (aria-hidden). */
function labelText(field: HTMLInputElement): string {
  const label = field.labels?.[0];
  if (!label) return field.name;
  const copy = label.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.replace(/\s+/g, ' ').trim() || field.name;
}
