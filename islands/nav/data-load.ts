// Links with `data-load="<selector>"` load their page's content into that element instead of navigating
// (spec section 2). A target that already shows content, or already holds that URL, shakes instead of
// reloading; when it was another link, the target also says why at its top ("Close this panel to open
// another"), as a shake alone reads as broken. `data-load-close="<selector>"` buttons hide a target again
// so a link can load into it.
// Loads go through htmx, so the loader, timeout, 401/403 and version rules hold for them too. This code comes
// with the first such click (links.ts listens for it).
import htmx from 'htmx.org';
import { msg } from '../../common/messages.ts';
import { shake } from '../shell/shake.ts';

const LOADED_URL = 'loadUrl';
const BUSY_CLASS = 'load-panel-busy';

function showsContent(target: HTMLElement): boolean {
  return !target.hidden && target.checkVisibility() && (target.textContent ?? '').trim() !== '';
}

async function load(link: HTMLAnchorElement, target: HTMLElement): Promise<void> {
  const url = new URL(link.href);
  const path = url.pathname + url.search;
  const same = target.dataset[LOADED_URL] === path;
  if (same || showsContent(target)) {
    target.hidden = false;
    if (!same) sayBusy(target);
    shake(target);
    return;
  }
  let swapped = false;
  const onSwap = () => (swapped = true);
  link.addEventListener('htmx:after:swap', onSwap);
  try {
    // The answer is a page fragment: its #main's children go in, its <title> stays out. htmx would name
    // the link's inherited target (#main) in HX-Target; the server must hear it is a panel (no URL to push).
    await htmx.ajax('GET', path, {
      source: link,
      target,
      swap: 'innerHTML strip:true ignoreTitle:true',
      select: '#main',
      headers: { 'HX-Target': `${target.localName}${target.id ? `#${target.id}` : ''}` },
    });
  } finally {
    link.removeEventListener('htmx:after:swap', onSwap);
  }
  if (swapped) {
    target.dataset[LOADED_URL] = path;
    target.hidden = false;
  }
}

/** The panel's word that it holds another link's content, once at its top, in a polite live region. */
function sayBusy(target: HTMLElement): void {
  if (target.querySelector(`:scope > .${BUSY_CLASS}`)) return;
  const note = document.createElement('p');
  note.className = BUSY_CLASS;
  note.setAttribute('role', 'status');
  target.prepend(note);
  // Filled once in the page: a live region announces what changes in it, not what it arrived with.
  requestAnimationFrame(() => (note.textContent = msg('loadPanelBusy')));
}

/** A data-load link was clicked: loads into its target, or closes a target (`data-load-close`). */
export function followDataLoad(origin: Element): void {
  const closer = origin.closest<HTMLElement>('[data-load-close]');
  if (closer) {
    const target = document.querySelector<HTMLElement>(closer.dataset.loadClose ?? '');
    if (target) {
      target.hidden = true;
      target.querySelector(`:scope > .${BUSY_CLASS}`)?.remove();
    }
    return;
  }
  const link = origin.closest<HTMLAnchorElement>('a[data-load]');
  const target = link && document.querySelector<HTMLElement>(link.dataset.load ?? '');
  if (link && target) void load(link, target);
}
