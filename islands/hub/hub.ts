// The real-time hub's browser side, started once from boot.ts on signed-in pages (those whose layout has
// #inbox-badges): the tab's connection, its view state (view-state.ts: loaded at each connection, then
// kept current by frames), the header's unread badges (from it), a toast for each new item, and a
// `backroom:changed` event on document ({ resource, by }) when a resource's rows changed, for its table to
// say so or refresh (table-changes.ts listens for one resource).
import { leftToOthers, type ServerFrame } from '../../common/hub-frames.ts';
import { inboxKinds, inboxResourceOf, perInboxResource, type InboxItem } from '../../common/inbox-kinds.ts';
import { msg } from '../../common/messages.ts';
import { toast } from '../nav/toasts.ts';
import { CHANGED_EVENT, signedInUserId, type ChangedDetail } from './changed-event.ts';
import { connectHub } from './hub-connection.ts';
import { loadViewState, viewStateFrame } from './view-state.ts';
import { drawBadges, showUnread } from './inbox-badges.ts';
import { accessChanged } from '../shell/access-changed.ts';

/** The badges' panel, with the time-ago formatting it brings, loads when a badge is first opened. */
let panel: Promise<typeof import('./inbox-panel.ts')> | null = null;

function refreshPanel(): void {
  void panel?.then((p) => p.refresh());
}

export function startHub(): void {
  const host = document.getElementById('inbox-badges');
  if (!host) return;
  drawBadges(host, (resource, badge) => {
    panel ??= import('./inbox-panel.ts');
    void panel.then((p) => p.togglePanel(resource, badge));
  });
  connectHub({
    open: () => void loadViewState().then((state) => showUnread(perInboxResource((k) => state[k.name].Unread))),
    frame: onFrame,
  });
}

function onFrame(frame: ServerFrame): void {
  viewStateFrame(frame);
  switch (frame.type) {
    case 'inbox':
      showUnread(frame.unread);
      toast(frame.item.Severity, toastText(frame.item));
      changed(inboxResourceOf[frame.kind], 0);
      refreshPanel();
      break;
    case 'unread':
      showUnread(frame.unread);
      // Read flags changed by the user (in another tab, or the table): the inbox tables show them.
      for (const { name } of inboxKinds) changed(name, signedInUserId());
      refreshPanel();
      break;
    case 'changed':
      changed(frame.resource, frame.by);
      break;
    case 'access-changed':
      accessChanged();
      break;
    // The rest are the connection's own (hub-connection.ts) and the view state's (view-state.ts): named here,
    // so a new frame type fails tsc until it is handled or listed.
    default:
      /* @__PURE__ */ leftToOthers<'hello' | 'ping' | 'view-state' | 'reconnect'>(frame);
  }
}

function changed(resource: string, by: number): void {
  document.dispatchEvent(new CustomEvent<ChangedDetail>(CHANGED_EVENT, { detail: { resource, by } }));
}

/** A new item's toast: its kind's words, with its sender (or the system) and title. */
function toastText(item: InboxItem): string {
  const kind = inboxKinds.find((k) => k.kind === item.Kind)!;
  return 'fromSender' in kind ? msg(kind.newItem, item.SenderName || msg('inboxSystem'), item.Title) : msg(kind.newItem, item.Title);
}
