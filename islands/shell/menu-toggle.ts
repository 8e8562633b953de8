// Under 780 px the side menu collapses behind the toggle button. Open, it lies over a backdrop (CSS, on
// body.menu-open) and takes focus; Esc or a tap outside it closes it and gives focus back to the button.
// Closed, CSS hides it (visibility), so its links leave the tab order. The button sits in the header, which
// swaps never replace, and the listeners are on document, so all this keeps working after every swap.
export const MOBILE_WIDTH = 780;

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

export function startMenuToggle(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (target?.closest('#menu-toggle')) {
      if (isOpen()) closeMenu();
      else openMenu();
      return;
    }
    if (!isOpen()) return;
    // Choosing a page closes the menu; the new page's heading takes focus when it arrives.
    if (target?.closest('#sidebar a')) closeMenu();
    // A tap on the backdrop returns focus to the button; a tap on another control leaves it there.
    else if (!target?.closest('#sidebar')) closeMenu(!target?.closest(FOCUSABLE));
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen() && !event.defaultPrevented) closeMenu(true);
  });
  window.matchMedia(`(min-width: ${MOBILE_WIDTH}px)`).addEventListener('change', () => closeMenu());
}

function isOpen(): boolean {
  return document.body.classList.contains('menu-open');
}

function openMenu(): void {
  document.body.classList.add('menu-open');
  document.getElementById('menu-toggle')?.setAttribute('aria-expanded', 'true');
  const sidebar = document.getElementById('sidebar');
  (sidebar?.querySelector<HTMLElement>('a[aria-current="page"]') ?? sidebar?.querySelector<HTMLElement>('a'))?.focus();
}

function closeMenu(returnFocus = false): void {
  document.body.classList.remove('menu-open');
  const toggle = document.getElementById('menu-toggle');
  toggle?.setAttribute('aria-expanded', 'false');
  if (returnFocus) toggle?.focus();
}
