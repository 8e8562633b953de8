// Registers a store selection too long for a URL with the server (POST /api/common/store-selections), which
// holds it and answers the reference requests then carry instead of its ids (store-reference.ts). Loaded
// only when a selection is long: by the store dialog, which registers one before applying it, and by a page
// that loads holding one, which registers it again. That keeps it from being removed as unused; and when the
// selection had no reference yet (kept by an earlier version) or the server no longer held it, the page is
// told, so that it fetches its data again.
import { msg } from '../../common/messages.ts';
import { storesParam as idsOf } from '../../common/store-selection.ts';
import { jsonHeaders } from './csrf.ts';
import { applySelection } from './apply-selection.ts';
import { keptSelection } from './store-label.ts';
import { rememberReference } from './store-reference.ts';

export interface Registered {
  reference: string;
  /** The server did not hold the list: requests sent under its reference before were refused. */
  created: boolean;
}

/** Registers `stores`; rejects with words to show (the server's, or ours) when it cannot be. */
export async function registerSelection(stores: readonly number[]): Promise<Registered> {
  let answer: Partial<Registered> & { error?: unknown } = {};
  let res: Response;
  try {
    res = await fetch('/api/common/store-selections', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ stores }) });
  } catch {
    throw new Error(msg('serverUnreachable'));
  }
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    // No JSON: the general words below.
  }
  if (!res.ok || typeof answer.reference !== 'string') {
    throw new Error(typeof answer.error === 'string' && answer.error ? answer.error : msg('serverError'));
  }
  rememberReference(stores, answer.reference);
  return { reference: answer.reference, created: answer.created === true };
}

/** Registers the kept selection again as the page loads; a new or changed reference is kept and the page told. */
export async function registerKeptSelection(): Promise<void> {
  const kept = keptSelection();
  if (!kept) return;
  let registered: Registered;
  try {
    registered = await registerSelection(kept.stores);
  } catch {
    // Not now: the selection stays as it is (one without a reference stands for every store), the next load tries again.
    return;
  }
  // The selection may have changed meanwhile (the dialog, another tab): the reference is only this one's.
  const now = keptSelection();
  if (!now || idsOf(now.stores) !== idsOf(kept.stores)) return;
  if (now.reference === registered.reference && !registered.created) return;
  applySelection({ stores: now.stores, reference: registered.reference });
}
