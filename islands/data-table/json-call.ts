// One JSON call of a table's dialogs (the import's, the views'): its answer, or, when the call brings none
// (the network is down, a refusal, a body that is not JSON), `{ ok: false, error }` in words to show, with
// the fields at fault where the refusal names them, so a dialog reads one kind of answer. A session that has
// ended (401), or a page holding an older session's token (403), is signed in again in place and the call
// sent again, as the row dialogs' calls are (dialogs/change-call.ts).
import { msg } from '../../common/messages.ts';

export type Answer<T> = { ok: true; value: T } | { ok: false; error: string; status?: number; fields?: Readonly<Record<string, string>> };

/** Sends `init()` to `url` (again after signing in again); `failed(status)` words an answer that says nothing itself. */
export async function jsonCall<T>(url: string, init: () => RequestInit, failed: (status: number) => string): Promise<Answer<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, init());
    text = await res.text();
  } catch {
    return { ok: false, error: msg('serverUnreachable') };
  }
  if ((res.status === 401 || res.status === 403) && (await (await import('../shell/sign-in-again.ts')).renewedAfter(res.status))) {
    return jsonCall(url, init, failed);
  }
  // Nothing to say (204): done.
  if (res.ok && text === '') return { ok: true, value: null as T };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, status: res.status, error: failed(res.status) };
  }
  if (res.ok) return { ok: true, value: json as T };
  // The contracts' refusals say `{ Error }`; the app's own (403, 429, 500) say `{ error }`, some with `fields`.
  const said = json as { Error?: unknown; error?: unknown; fields?: unknown } | null;
  const error = said?.Error ?? said?.error;
  const fields = said?.fields && typeof said.fields === 'object' ? (said.fields as Record<string, string>) : undefined;
  return {
    ok: false,
    status: res.status,
    error: typeof error === 'string' && error ? error : failed(res.status),
    ...(fields && { fields }),
  };
}
