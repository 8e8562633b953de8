// The report screen's panel (views/pages/reports.eta): cleared as the report form is sent, so an error never
// leaves the previous result on screen; 'Unable to load the report.' when the answer is a failure or never
// comes (the request-failure dialog says why); and its Print button. The form itself is a plain GET form that
// htmx boosts: the screen's URL carries the report and its parameters.
import { msg } from '../../common/messages.ts';

const panel = () => document.querySelector<HTMLElement>('[data-report-result]');
const fromReportForm = (source: Element | undefined) => !!source?.closest('form[data-report-form]');

function showFailure(): void {
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
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-print-report]')) window.print();
  });
}
