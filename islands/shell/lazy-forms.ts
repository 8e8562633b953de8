// Behaviours only some pages need, loaded once a page that needs them arrives (the first load, a swap or a
// history restore), so other pages do not carry them: form validation brings valibot and some of date-fns
// for pages with a form to check (`form[data-validate]`); the report screen's panel comes
// with the report form. The server checks every submission with the same rules, so a form sent before the
// code arrives is still safe.
import htmx from 'htmx.org';

/** Runs `start` once, when a page holding `selector` first arrives. */
function whenPageHas(selector: string, start: () => Promise<void>): void {
  let started = false;
  htmx.onLoad((scope) => {
    if (started || !(scope instanceof Element)) return;
    if (!scope.matches(selector) && !scope.querySelector(selector)) return;
    started = true;
    void start();
  });
}

export function startFormsWhenNeeded(): void {
  whenPageHas('form[data-validate]', () =>
    import('../forms/index.ts').then((forms) => {
      forms.startForms();
      // Says so on the page, for tests (and anyone debugging) that must not race the code's arrival.
      document.documentElement.dataset.forms = 'ready';
    }),
  );
  whenPageHas('form[data-report-form]', () => import('../reports/report-screen.ts').then((screen) => screen.startReportScreen()));
}
