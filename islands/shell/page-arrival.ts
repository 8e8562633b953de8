// A new page in the content area (a page visit or a history restore) is where keyboard and screen reader
// users must land too: focus moves to its heading (or to a field the server refused, on a returned form) and
// the polite #page-announcer says the page's title (its heading). Without this, focus stays on the link that was clicked
// and nothing says the page changed.
import type { HtmxRequestCtx } from 'htmx.org';

export function startPageArrival(): void {
  document.addEventListener('htmx:after:swap', (event) => {
    const ctx: HtmxRequestCtx | undefined = event.detail?.ctx;
    // The old #main is gone by now, but the swap names it as its target; panels and popups have their own.
    if (ctx?.target?.id !== 'main') return;
    const main = document.getElementById('main');
    if (!main) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    const refused = main.querySelector<HTMLElement>('[aria-invalid="true"]');
    // Scrolling stays as htmx and the history cache left it.
    (refused ?? heading)?.focus({ preventScroll: true });
    announce(heading?.textContent ?? '');
  });
}

function announce(title: string): void {
  const region = document.getElementById('page-announcer');
  if (region) region.textContent = title.trim();
}
