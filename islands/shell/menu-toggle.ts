// Under 780 px the side menu collapses behind the toggle button. The button sits in the header, which
// swaps never replace, and the listener is on document, so the toggle keeps working after every swap.
const MOBILE_WIDTH = 780;

export function startMenuToggle(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest('#menu-toggle');
    if (toggle) {
      const open = document.body.classList.toggle('menu-open');
      toggle.setAttribute('aria-expanded', String(open));
      return;
    }
    // Choosing a page from the open menu on a small screen closes it again.
    if (target?.closest('#sidebar a') && window.innerWidth < MOBILE_WIDTH) closeMenu();
  });
  window.matchMedia(`(min-width: ${MOBILE_WIDTH}px)`).addEventListener('change', closeMenu);
}

function closeMenu(): void {
  document.body.classList.remove('menu-open');
  document.getElementById('menu-toggle')?.setAttribute('aria-expanded', 'false');
}
