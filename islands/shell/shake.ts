// Shakes an element once (the `.shake` CSS animation), restarting it if it is already shaking.
export function shake(el: Element): void {
  el.classList.remove('shake');
  // Reading layout between remove and add restarts the animation.
  void (el as HTMLElement).offsetWidth;
  el.classList.add('shake');
  el.addEventListener('animationend', () => el.classList.remove('shake'), { once: true });
}
