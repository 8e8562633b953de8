// Keeps the side menu's mark on the shown page after swaps and history restores (the server marks it on full
// loads): the entry for the page or the page it belongs to gets the `current` style and aria-current="page".
// The menu sits outside the swapped content area, so nothing else would move the mark.
import { currentMenuUrl } from '../../common/menu-match.ts';

export function markCurrentMenuEntry(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('#sidebar a.menu-link')];
  const current = currentMenuUrl(
    links.map((a) => a.getAttribute('href') ?? ''),
    location.pathname,
  );
  for (const link of links) {
    const isCurrent = current !== null && link.getAttribute('href') === current;
    link.classList.toggle('current', isCurrent);
    if (isCurrent) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

export function startMenuCurrent(): void {
  // Fires for page visits and history restores alike, after htmx has moved the address to the new page.
  document.addEventListener('htmx:after:swap', markCurrentMenuEntry);
}
