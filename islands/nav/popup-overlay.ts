// The overlays of popup links (popups.ts), loaded with the first one opened: the linked page's content (or
// the part `data-popup-part` names) in an overlay that says so when it cannot be loaded, or an embedded
// document with a Print button when it is one of ours. They close with their button, Esc or a click outside.
import htmx from 'htmx.org';
import { msg } from '../../common/messages.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';
import { unmountRemovedIslands } from '../islands.ts';
import { button } from './buttons.ts';

function openOverlay(label: string): { dialog: HTMLDialogElement; header: HTMLElement; body: HTMLElement } {
  const dialog = document.createElement('dialog');
  dialog.className = 'popup';
  const frame = document.createElement('div');
  frame.className = 'popup-frame';
  // A div, not <header>: outside any section a <header> is a banner landmark, and the page has its own
  // (axe-core counts both when the overlay holds an embedded document).
  const header = document.createElement('div');
  header.className = 'popup-header';
  const heading = document.createElement('h2');
  heading.textContent = label;
  const close = button('×', { className: 'popup-close', label: msg('close') });
  const body = document.createElement('div');
  body.className = 'popup-body';
  header.append(heading, close);
  frame.append(header, body);
  dialog.append(frame);
  dialog.setAttribute('aria-label', label);

  close.addEventListener('click', () => dialog.close());
  // The frame fills the dialog, so a click landing on the dialog itself was on the backdrop, outside.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    unmountRemovedIslands();
  });
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, header, body };
}

function overlayLabel(link: HTMLAnchorElement): string {
  return link.dataset.popupTitle || link.textContent?.trim() || link.href;
}

export async function openPage(link: HTMLAnchorElement): Promise<void> {
  const { body } = openOverlay(overlayLabel(link));
  body.setAttribute('aria-busy', 'true');
  const nodes = await fetchPart(link.href, link.dataset.popupPart);
  body.removeAttribute('aria-busy');
  if (!nodes) {
    const failed = document.createElement('p');
    failed.className = 'error-text';
    failed.setAttribute('role', 'alert');
    failed.textContent = onUseMsg('popupFailed');
    body.replaceChildren(failed);
    return;
  }
  body.replaceChildren(...nodes);
  // Links, forms and islands inside the popup work as they do on the page.
  htmx.process(body);
}

/** The page's content area, or the part of it named by `part`; null when it cannot be had. */
async function fetchPart(url: string, part: string | undefined): Promise<Node[] | null> {
  try {
    const res = await fetch(url, {
      headers: { 'HX-Request': 'true', 'HX-Target': 'div#popup', Accept: 'text/html' },
      signal: AbortSignal.timeout(htmx.config.defaultTimeout),
    });
    if (!res.ok) return null;
    const template = document.createElement('template');
    template.innerHTML = await res.text();
    const page = template.content;
    page.querySelector('title')?.remove();
    const main = page.querySelector('#main') ?? page;
    if (part) {
      const found = main.querySelector(part);
      return found ? [found] : null;
    }
    return [...main.childNodes];
  } catch {
    return null;
  }
}

export function openEmbed(link: HTMLAnchorElement): void {
  const label = overlayLabel(link);
  const { header, body } = openOverlay(label);
  const frame = document.createElement('iframe');
  frame.className = 'popup-embed';
  frame.src = link.href;
  frame.title = label;
  body.append(frame);
  // Another site's document cannot be printed from here (nor reached at all).
  if (new URL(link.href).origin === location.origin) {
    const print = button(msg('popupPrint'), { className: 'popup-print' });
    print.addEventListener('click', () => frame.contentWindow?.print());
    header.querySelector('h2')?.after(print);
  }
}
