// Shows a field's state beside it: the message text in its slot, `aria-invalid` on the control, and a
// class on the slot for the tone (a problem, a pending check, an accepted user name).
import { messageSlot, type Control } from './controls.ts';

type Tone = 'error' | 'pending' | 'ok';

export interface FieldStatus {
  state: 'valid' | 'invalid' | 'pending' | 'unchecked';
  message: string | null;
  tone: Tone;
}

const toneClasses: Record<Tone, string> = { error: 'is-error', pending: 'is-pending', ok: 'is-ok' };

export function paintSlot(slot: HTMLElement, message: string | null, tone: Tone): void {
  slot.textContent = message ?? '';
  slot.classList.remove(...Object.values(toneClasses));
  if (message !== null) slot.classList.add(toneClasses[tone]);
}

export function showStatus(control: Control, status: FieldStatus): void {
  const slot = messageSlot(control);
  if (slot) paintSlot(slot, status.message, status.tone);
  control.setAttribute('aria-invalid', String(status.state === 'invalid'));
  if (status.state === 'pending') control.setAttribute('aria-busy', 'true');
  else control.removeAttribute('aria-busy');
}
