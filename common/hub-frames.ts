// What the real-time hub (the /hub websocket) and the browser say to each other. Every frame is a JSON object
// with a `type`. The server greets (`hello`, with its heartbeat interval), pings (the browser answers `pong`),
// brings a new inbox item with the unread counts, new unread counts after items were marked read or removed,
// names resources whose rows changed, and who changed them, so that their tables can say so, and the parts
// of the view state that changed.
import type { InboxItem, InboxKind, UnreadCounts } from './inbox-kinds.ts';
import type { ListPart } from './view-state.ts';

export const HUB_PATH = '/hub';

/** An item's title and text are cut to these lengths in frames and the summary (the table has them whole). */
export const ITEM_TITLE_CHARS = 120;
export const ITEM_BODY_CHARS = 280;

export type ServerFrame =
  | { type: 'hello'; heartbeatMs: number }
  | { type: 'ping' }
  | { type: 'inbox'; kind: InboxKind; item: InboxItem; unread: UnreadCounts }
  | { type: 'unread'; unread: UnreadCounts }
  /**
   * Rows of the resource changed. `by`: the user who changed them (0 when the system did), so that a table
   * can tell its own user's changes from someone else's.
   */
  | { type: 'changed'; resource: string; by: number }
  /** A part of the view state (common/view-state.ts) changed: each tab loads it again for its user. */
  | { type: 'view-state'; part: ListPart; by: number }
  /**
   * The user's access changed (roles, group, instances, flags: an administrator's edit): the socket closes
   * after it and the browser connects again as the user is now; the page reloads itself to show it.
   */
  | { type: 'access-changed' }
  /**
   * This instance is stopping (a restart, an upgrade): the socket closes after it and the browser connects
   * again, within a few seconds, through the proxy to another instance; nothing is lost meanwhile (what
   * changed is fetched on reconnecting).
   */
  | { type: 'reconnect' };

export type ClientFrame = { type: 'pong' };

/**
 * Says, in a frame handler's default branch, which frame types it leaves to others: a new frame type fails
 * tsc there until the handler handles it or names it. Its calls are marked pure, so they cost nothing.
 */
export function leftToOthers<Types extends ServerFrame['type']>(_frame: { type: Types }): void {}

/**
 * Close codes of ours (4000-4999 are the application's). The session ended (signed out, or replaced by a new
 * sign-in): the browser does not reconnect, its next page visit goes to the sign-in page.
 */
export const CLOSE_SIGNED_OUT = 4401;
/** The browser sent something that is not a frame of ours. */
export const CLOSE_NOT_A_FRAME = 4400;
/** The instance is stopping ('reconnect'): the browser connects again after a short random wait. */
export const CLOSE_INSTANCE_STOPPING = 4503;
/** The user's access changed: the browser connects again at once, as the user is now. */
export const CLOSE_ACCESS_CHANGED = 4205;
