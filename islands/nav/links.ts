// The clicks on links that nav/ handles itself rather than as page visits: data-load links and their panels'
// close buttons (data-load.ts), popup links (popups.ts). Their code comes with the first such click, so pages
// that have none of them never load it.

/** A plain left click: modified clicks (new tab, new window) keep the browser's own behaviour. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

export function startDataLoad(): void {
  document.addEventListener('click', (event) => {
    const origin = event.target as Element | null;
    if (origin?.closest('[data-load-close]')) {
      void import('./data-load.ts').then(({ followDataLoad }) => followDataLoad(origin));
      return;
    }
    const link = origin?.closest<HTMLAnchorElement>('a[data-load]');
    if (!link || !isPlainClick(event)) return;
    // Without its target the link is an ordinary link.
    if (!document.querySelector(link.dataset.load ?? '')) return;
    event.preventDefault();
    void import('./data-load.ts').then(({ followDataLoad }) => followDataLoad(link));
  });
}
