// Decides what happens to an htmx response before its body is read (spec sections 2, 6 and 8):
// a new app version, the user's changed access (shell/access-changed.ts), 400 or 401 reload the whole page; 403 shows the notice for 10 s and swaps nothing;
// other failures open the error dialog instead of being swapped in, except 404 (its page says so) and 422
// (a refused form: the answer is the form again with each field's message, swapped like any page).
import type { HtmxRequestCtx } from 'htmx.org';
import { msg } from '../../common/messages.ts';
import { toast } from './toasts.ts';
import { showErrorDialog } from './error-dialog.ts';
import { failedRequest, fullReload, reloadUrl } from './page-visit.ts';
import { accessMoved, reloadingForAccess } from '../shell/access-changed.ts';

const FORBIDDEN_NOTICE_MS = 10_000;

function pageVersion(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="app-version"]')?.content ?? '';
}

export function startResponseStatus(): void {
  document.addEventListener('htmx:before:response', (event) => {
    const ctx = event.detail.ctx;
    const res = ctx.response;
    if (!res) return;
    const version = res.headers.get('X-App-Version');
    const get = ctx.request.method.toUpperCase() === 'GET';
    // The user's access changed since the page was drawn: the new page comes whole, with its menu and header.
    const accessMovedOn = get && accessMoved(res.headers);
    if (accessMovedOn) reloadingForAccess();
    // A form post the server has already carried out is shown, not replayed; the next visit reloads.
    const outdated = (!!version && version !== pageVersion() && get) || accessMovedOn;
    if (outdated || res.status === 400 || res.status === 401) {
      event.preventDefault();
      fullReload(reloadUrl(ctx));
    } else if (res.status === 403) {
      event.preventDefault();
      toast('warning', msg('forbidden'), FORBIDDEN_NOTICE_MS);
    } else if (res.status >= 400 && res.status !== 404 && res.status !== 422) {
      event.preventDefault();
      void showHttpFailure(ctx, res.raw);
    }
  });
}

async function showHttpFailure(ctx: HtmxRequestCtx, res: Response): Promise<void> {
  showErrorDialog({
    ...failedRequest(ctx),
    lead: msg('failureLeadServer'),
    error: res.statusText || `HTTP ${res.status}`,
    status: res.status,
    message: await serverMessage(res),
    exceptionMessage: '',
    exceptionType: '',
    requestId: res.headers.get('X-Request-Id') ?? '',
  });
}

/** The server's own words: `{ error }` from the API, the error page's message otherwise. */
async function serverMessage(res: Response): Promise<string> {
  try {
    const text = await res.text();
    if ((res.headers.get('Content-Type') ?? '').includes('json')) {
      const body = JSON.parse(text) as { error?: unknown };
      return typeof body.error === 'string' ? body.error : '';
    }
    // A parsed, never attached document: nothing in it runs or loads.
    const doc = new DOMParser().parseFromString(text, 'text/html');
    return (doc.querySelector('.error-text')?.textContent ?? doc.body.textContent ?? '').trim().slice(0, 1000);
  } catch {
    return '';
  }
}
