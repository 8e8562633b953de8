// Popup links (spec section 2). `data-popup-page` opens the linked page's content in an overlay, or only the
// part named by `data-popup-part="<selector>"`; if it cannot be loaded the overlay says so. `data-popup-embed`
// opens the link as an embedded document (iframe), which a Print button prints when it is one of ours (an
// HTML report's print view). The overlay's heading is `data-popup-title`, else the link's text. Overlays
// close with their button, Esc or a click outside (popup-overlay.ts).
import { isPlainClick } from './links.ts';

export function startPopups(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-popup-page], a[data-popup-embed]');
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    // The overlay's code comes with the first popup opened.
    void import('./popup-overlay.ts').then(({ openEmbed, openPage }) =>
      link.hasAttribute('data-popup-embed') ? openEmbed(link) : openPage(link),
    );
  });
  // A link inside a popup that navigates the page closes the popup over it.
  document.addEventListener('htmx:after:swap', (event) => {
    if (event.detail.ctx.target?.id !== 'main') return;
    document.querySelectorAll<HTMLDialogElement>('dialog.popup[open]').forEach((d) => d.close());
  });
}
