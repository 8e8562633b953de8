// The buttons our dialogs, popups and toasts are made of: never a form submitter, labelled for screen
// readers when their face is only a symbol.
export function button(text: string, options: { className?: string; label?: string } = {}): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (options.className) b.className = options.className;
  if (options.label) b.setAttribute('aria-label', options.label);
  return b;
}
