// The asynchronous `username` rule: asks the server (the control's data-username-check URL) whether the
// typed name is available, once typing pauses. Answers can arrive out of order; only the answer for the
// latest value asked about counts, so a slow reply about an old value never overwrites a newer verdict.
import { onUseMsg } from '../../common/on-use-messages.ts';
import { validationMsg } from '../../common/validation-messages.ts';
import type { Control } from './controls.ts';
import type { FieldStatus } from './field-message.ts';

const USERNAME_CHECK_DELAY_MS = 400;

interface Verdict {
  value: string;
  /** Which request this is; a later request for the same control replaces it. */
  ticket: number;
  status: FieldStatus;
}

const verdicts = new WeakMap<Control, Verdict>();
const timers = new WeakMap<Control, ReturnType<typeof setTimeout>>();
let tickets = 0;

const pending = (): FieldStatus => ({ state: 'pending', message: onUseMsg('usernameChecking'), tone: 'pending' });

/** What the server said about the control's current value; `unchecked` when it has not been asked. */
export function usernameStatus(control: Control): FieldStatus {
  const verdict = verdicts.get(control);
  return verdict && verdict.value === control.value ? verdict.status : { state: 'unchecked', message: null, tone: 'error' };
}

/** Asks about the current value after `delay` (typing restarts the wait); `onAnswer` runs when it is known. */
export function scheduleUsernameCheck(control: Control, onAnswer: () => void, delay = USERNAME_CHECK_DELAY_MS): void {
  clearTimeout(timers.get(control));
  const value = control.value;
  const ticket = ++tickets;
  verdicts.set(control, { value, ticket, status: pending() });
  timers.set(
    control,
    setTimeout(() => void ask(control, value, ticket, onAnswer), delay),
  );
}

/** Forgets any question in flight: the value broke a plain rule, so the server need not be asked. */
export function cancelUsernameCheck(control: Control): void {
  clearTimeout(timers.get(control));
  verdicts.delete(control);
}

async function ask(control: Control, value: string, ticket: number, onAnswer: () => void): Promise<void> {
  const status = await fetchVerdict(control.dataset.usernameCheck ?? '', value);
  if (verdicts.get(control)?.ticket !== ticket) return;
  verdicts.set(control, { value, ticket, status });
  onAnswer();
}

/** Empty text means available; other text is the server's reason; a failed call gets the spec's default. */
async function fetchVerdict(checkUrl: string, value: string): Promise<FieldStatus> {
  try {
    const url = new URL(checkUrl, location.href);
    url.searchParams.set('username', value);
    const res = await fetch(url, { headers: { Accept: 'text/plain' } });
    const text = res.ok ? (await res.text()).trim() : null;
    if (text === '') return { state: 'valid', message: validationMsg('usernameValid'), tone: 'ok' };
    return { state: 'invalid', message: text ?? validationMsg('username'), tone: 'error' };
  } catch {
    return { state: 'invalid', message: validationMsg('username'), tone: 'error' };
  }
}
