// Toast notices (spec sections 4 and 9): success, error, warning or info, 8 s unless told otherwise,
// stacked in #toasts, each dismissable, and announced to screen readers (errors assertively). Our modules
// call `toast()`; code outside this bundle dispatches a `toast` event ({ kind, text, ms? }) on document.
import { msg } from '../../common/messages.ts';
import { button } from './buttons.ts';

const toastKinds = ['success', 'error', 'warning', 'info'] as const;
type ToastKind = (typeof toastKinds)[number];
const TOAST_MS = 8_000;

interface ToastRequest {
  kind: ToastKind;
  text: string;
  ms?: number;
}

export function toast(kind: ToastKind, text: string, ms = TOAST_MS): HTMLElement {
  const el = document.createElement('div');
  el.className = `toast toast-${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const body = document.createElement('span');
  body.className = 'toast-text';
  body.textContent = text;
  const close = button('×', { className: 'toast-close', label: msg('dismiss') });
  el.append(body, close);
  toastHost().append(el);
  const timer = setTimeout(() => el.remove(), ms);
  close.addEventListener('click', () => {
    clearTimeout(timer);
    el.remove();
  });
  return el;
}

/** The layout's #toasts; pages without the layout (sign-in) get one made on first use. */
function toastHost(): HTMLElement {
  const existing = document.getElementById('toasts');
  if (existing) return existing;
  const host = document.createElement('div');
  host.id = 'toasts';
  host.className = 'toasts';
  host.setAttribute('aria-live', 'polite');
  document.body.append(host);
  return host;
}

export function startToasts(): void {
  document.addEventListener('toast', (event) => {
    const detail = (event as CustomEvent<Partial<ToastRequest>>).detail;
    const kind = toastKinds.find((k) => k === detail?.kind) ?? 'info';
    if (typeof detail?.text === 'string') toast(kind, detail.text, typeof detail.ms === 'number' ? detail.ms : TOAST_MS);
  });
}
