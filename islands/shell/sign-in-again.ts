// A session can end under an open form: it expired while the person was away, or they signed out in another
// tab. What they send is then answered 401, and a page load to the sign-in page would lose what they typed.
// Instead a dialog over the page signs them in again (GET /login and POST /login in JSON, routes/login.ts);
// the page then carries the new session's token (csrf.ts), its hub connects again, and the caller sends
// what it was sending. Signed in as someone else, or with a password that must change first, the page is
// loaded afresh: it was the other session's. Signed in again in another tab, the page carries an older
// session's token and is answered 403: it reads the session's own (GET /api/common/session-token).
import { msg } from '../../common/messages.ts';
import { sessionMsg } from '../../common/session-messages.ts';
import { button } from '../nav/buttons.ts';
import { csrfToken, SIGNED_IN_AGAIN } from './csrf.ts';

let asking: Promise<boolean> | null = null;

/** The page goes on under a new session: its token everywhere the page carries one (Sign out's form too). */
function takeNewSession(token: string): void {
  document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
  for (const field of document.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="_csrf"]')) field.value = token;
  document.dispatchEvent(new Event(SIGNED_IN_AGAIN));
}

/**
 * After a request was refused with `status`: whether the page now holds a live session to send it again
 * under. A 401 asks the person to sign in again; a 403 reads the session's token, which is new only when the
 * page carried an older one (any other 403 stands).
 */
export function renewedAfter(status: number): Promise<boolean> {
  if (status === 401) return signInAgain();
  if (status === 403) return tookNewerToken();
  return Promise.resolve(false);
}

/** Reads the session's CSRF token; true when it is not the page's (the page now carries it). */
async function tookNewerToken(): Promise<boolean> {
  try {
    const res = await fetch('/api/common/session-token', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const token = res.ok ? ((await res.json()) as { csrfToken?: string }).csrfToken : undefined;
    if (!token || token === csrfToken()) return false;
    takeNewSession(token);
    return true;
  } catch {
    return false;
  }
}

/** Asks the person to sign in again: true once they have (send again), false when they cancel. One dialog for every caller. */
function signInAgain(): Promise<boolean> {
  asking ??= ask().finally(() => {
    asking = null;
  });
  return asking;
}

interface SignedIn {
  userId: number;
  csrfToken: string;
  mustChangePassword: boolean;
}

/** Signs in with JSON; the error to show when that fails. */
async function signIn(username: string, password: string): Promise<SignedIn | { error: string }> {
  try {
    const form = await fetch('/login', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const { csrf } = (await form.json()) as { csrf: string };
    const res = await fetch('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ username, password }),
    });
    const answer = (await res.json()) as Partial<SignedIn> & { error?: string };
    if (res.ok && answer.csrfToken) return answer as SignedIn;
    return { error: answer.error || msg('serverError') };
  } catch {
    return { error: msg('serverUnreachable') };
  }
}

/** `el` with `props` set and `children` in it. */
function build<T extends HTMLElement>(el: T, props: Partial<T>, ...children: Node[]): T {
  Object.assign(el, props);
  el.append(...children);
  return el;
}

function field(id: string, label: string, input: HTMLInputElement): HTMLDivElement {
  input.id = id;
  return build(
    document.createElement('div'),
    { className: 'field' },
    build(document.createElement('label'), { htmlFor: id, textContent: label }),
    input,
  );
}

function ask(): Promise<boolean> {
  const opener = document.activeElement;
  const pageUser = document.querySelector<HTMLMetaElement>('meta[name="user-id"]')?.content ?? '';
  const userName = build(document.createElement('input'), {
    name: 'username',
    autocomplete: 'username',
    required: true,
    value: document.querySelector<HTMLMetaElement>('meta[name="user-name"]')?.content ?? '',
  });
  const password = build(document.createElement('input'), {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const error = build(document.createElement('p'), { className: 'form-error', hidden: true });
  error.setAttribute('role', 'alert');
  const submit = build(button(sessionMsg('signIn')), { type: 'submit' });
  const cancel = button(msg('cancel'));
  const form = build(
    document.createElement('form'),
    { className: 'row-dialog-form' },
    error,
    field('sign-in-again-user', sessionMsg('userNameLabel'), userName),
    field('sign-in-again-password', sessionMsg('passwordLabel'), password),
    build(document.createElement('div'), { className: 'dialog-actions' }, submit, cancel),
  );
  // The page's links and forms are boosted by htmx: this one is only ours.
  form.setAttribute('hx-boost', 'false');
  const dialog = build(
    document.createElement('dialog'),
    { className: 'row-dialog sign-in-again' },
    build(document.createElement('h2'), { id: 'sign-in-again-title', textContent: sessionMsg('sessionEnded') }),
    build(document.createElement('p'), { id: 'sign-in-again-text', textContent: sessionMsg('sessionEndedText') }),
    form,
  );
  dialog.setAttribute('aria-labelledby', 'sign-in-again-title');
  dialog.setAttribute('aria-describedby', 'sign-in-again-text');
  document.body.append(dialog);
  dialog.showModal();
  (userName.value ? password : userName).focus();

  return new Promise<boolean>((resolve) => {
    let busy = false;
    const finish = (signedIn: boolean) => {
      dialog.close();
      dialog.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      resolve(signedIn);
    };
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!busy) finish(false);
    });
    cancel.addEventListener('click', () => {
      if (!busy) finish(false);
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (busy) return;
      if (!userName.value.trim() || !password.value) {
        (userName.value.trim() ? password : userName).focus();
        return;
      }
      busy = true;
      submit.setAttribute('aria-disabled', 'true');
      const answer = await signIn(userName.value.trim(), password.value);
      busy = false;
      submit.removeAttribute('aria-disabled');
      if ('error' in answer) {
        error.textContent = answer.error;
        error.hidden = false;
        password.value = '';
        password.setAttribute('aria-invalid', 'true');
        password.focus();
        return;
      }
      if (String(answer.userId) !== pageUser || answer.mustChangePassword) {
        location.reload();
        return;
      }
      takeNewSession(answer.csrfToken);
      finish(true);
    });
  });
}
