// Form validation brings valibot and date-fns (about 10 KB compressed): it loads only once a page with a
// form to check (`form[data-validate]`) arrives, on the first load, a swap or a history restore. The
// server checks every submission with the same rules, so a form sent before the code arrives is still safe.
import htmx from 'htmx.org';

let loading: Promise<void> | null = null;

export function startFormsWhenNeeded(): void {
  htmx.onLoad((scope) => {
    if (loading || !(scope instanceof Element)) return;
    if (!scope.matches('form[data-validate]') && !scope.querySelector('form[data-validate]')) return;
    loading = import('../forms/index.ts').then((forms) => {
      forms.startForms();
      // Says so on the page, for tests (and anyone debugging) that must not race the code's arrival.
      document.documentElement.dataset.forms = 'ready';
    });
  });
}
