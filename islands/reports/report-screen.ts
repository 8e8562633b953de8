// The report screen's panel (views/pages/reports.eta): cleared as the report form is sent, so an error never
// leaves the previous result on screen; 'Unable to load the report.' when the answer is a failure, never
// comes (the request-failure dialog says why) or leaves the panel empty; and its Print button. The form is
// a plain GET form that htmx boosts: the screen's URL carries the report and its parameters.
import htmx from 'htmx.org';
import { msg } from '../../common/messages.ts';

/** A report was asked for and its answer has not arrived yet. */
let awaited = false;

const panel = () => document.querySelector<HTMLElement>('[data-report-result]');
const fromReportForm = (source: Element | undefined) => !!source?.closest('form[data-report-form]');

function showFailure(): void {
  awaited = false;
  const target = panel();
  if (!target) return;
  const text = document.createElement('p');
  text.className = 'error-text';
  text.setAttribute('role', 'alert');
  text.textContent = msg('reportFailed');
  target.replaceChildren(text);
  target.removeAttribute('aria-busy');
}

export function startReportScreen(): void {
  // Bubbling: form validation stops a submit it refuses before this runs, and that keeps what is shown.
  document.addEventListener('submit', (event) => {
    if (!(event.target instanceof HTMLFormElement) || !event.target.matches('[data-report-form]')) return;
    const target = panel();
    target?.replaceChildren();
    target?.setAttribute('aria-busy', 'true');
    awaited = true;
  });
  // A refused form (422) is swapped in with its messages; any other failure is not swapped at all.
  document.addEventListener('htmx:before:response', (event) => {
    const { ctx } = event.detail;
    const status = ctx.response?.status ?? 0;
    if (fromReportForm(ctx.sourceElement) && status >= 400 && status !== 422) showFailure();
  });
  document.addEventListener('htmx:error', (event) => {
    if (fromReportForm(event.detail.ctx?.sourceElement)) showFailure();
  });
  // An answer with nothing in the panel is no report either. (The swap's own events fire on the form it
  // replaced, which no longer reaches the document: the new content is checked as it arrives.)
  htmx.onLoad((scope) => {
    if (!awaited || !(scope instanceof Element)) return;
    const target = scope.matches('[data-report-result]') ? scope : scope.querySelector('[data-report-result]');
    if (!target) return;
    awaited = false;
    if (target.childElementCount === 0) showFailure();
  });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-print-report]')) window.print();
  });
}
