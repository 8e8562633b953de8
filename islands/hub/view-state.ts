// The tab's application view state (common/view-state.ts), held in memory: loaded whole once the hub
// connects (and again after each reconnection, since frames may have been missed meanwhile), then kept
// current by the hub's frames: a `view-state` frame loads that part again, an inbox item joins its list,
// new unread counts replace the old. The stores' selection stays in local storage (store-selector.ts); the
// kept list of all stores there is replaced when the stores part changes, and the selector's count of them
// follows. Each change is announced on
// document as `backroom:view-state` ({ part }), for whatever shows that part.
import { leftToOthers, type ServerFrame } from '../../common/hub-frames.ts';
import { inboxResourceOf } from '../../common/inbox-kinds.ts';
import { inboxKinds } from '../../common/inbox-kinds.ts';
import type { ViewState, ViewStatePart } from '../../common/view-state.ts';
import { showStoreTotal } from '../shell/store-selector.ts';
import { currentStoreKeys } from '../shell/store-storage.ts';

export const VIEW_STATE_EVENT = 'backroom:view-state';

export interface ViewStateDetail {
  part: ViewStatePart;
}

/** Items kept per inbox kind: as many as the server sends. */
const NEWEST_KEPT = 5;
/** Tabs spread their reloads over this much time, so that one change does not bring every tab at once. */
const SPREAD_MS = 1500;

let state: ViewState | null = null;

/** The view state, once loaded (null before). */
export function viewState(): Readonly<ViewState> | null {
  return state;
}

/** The stores' selection (ids), kept in local storage; null when all stores are selected. */
export { selectedStores } from '../shell/store-label.ts';

async function fetchParts(parts?: ReadonlyArray<ViewStatePart>): Promise<Partial<ViewState>> {
  const query = parts ? `?parts=${parts.join(',')}` : '';
  const res = await fetch(`/api/common/view-state${query}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`view state: HTTP ${res.status}`);
  return (await res.json()) as Partial<ViewState>;
}

function announce(part: ViewStatePart): void {
  document.dispatchEvent(new CustomEvent<ViewStateDetail>(VIEW_STATE_EVENT, { detail: { part } }));
}

function apply(parts: Partial<ViewState>): void {
  if (!state) return;
  Object.assign(state, parts);
  if (parts.stores) storesChanged(parts.stores);
  for (const part of Object.keys(parts) as ViewStatePart[]) announce(part);
}

/**
 * The store selector keeps the list of all stores in local storage: a kept list is replaced by the new one;
 * and its button counts them.
 */
function storesChanged(stores: ViewState['stores']): void {
  showStoreTotal(stores.length);
  const keys = currentStoreKeys();
  if (!keys || localStorage.getItem(keys.all) === null) return;
  try {
    localStorage.setItem(keys.all, JSON.stringify(stores));
  } catch {
    localStorage.removeItem(keys.all);
  }
}

/** Loads the whole view state (the hub connected, or came back). */
export async function loadViewState(): Promise<Readonly<ViewState>> {
  const loaded = (await fetchParts()) as ViewState;
  if (state) apply(loaded);
  else {
    state = loaded;
    storesChanged(loaded.stores);
    for (const part of Object.keys(loaded) as ViewStatePart[]) announce(part);
  }
  return state!;
}

/** Keeps the view state current from a hub frame. */
export function viewStateFrame(frame: ServerFrame): void {
  if (!state) return;
  switch (frame.type) {
    case 'view-state': {
      const part = frame.part;
      setTimeout(
        () =>
          void fetchParts([part])
            .then(apply)
            .catch(() => undefined),
        Math.random() * SPREAD_MS,
      );
      break;
    }
    case 'inbox': {
      const list = state[inboxResourceOf[frame.kind]];
      list.Items = [frame.item, ...list.Items.filter((i) => i.ID !== frame.item.ID)].slice(0, NEWEST_KEPT);
      for (const { name } of inboxKinds) state[name].Unread = frame.unread[name];
      for (const { name } of inboxKinds) announce(name);
      break;
    }
    case 'unread':
      // Read flags changed: the items' IsRead are read again with the counts.
      void fetchParts(inboxKinds.map((k) => k.name))
        .then(apply)
        .catch(() => undefined);
      break;
    // The rest change nothing here: rows changed (their tables hear it: hub.ts) and the connection's own
    // frames. Named so a new frame type fails tsc until it is handled or listed.
    default:
      /* @__PURE__ */ leftToOthers<'changed' | 'hello' | 'ping' | 'access-changed' | 'reconnect'>(frame);
  }
}
