// The real-time hub's browser side, started once from boot.ts on signed-in pages (those whose layout has
// #inbox-badges): the tab's connection, its view state (view-state.ts: loaded at each connection, then
// kept current by frames), the header's unread badges (from it), a toast for each new item, and a
// `backroom:changed` event on document ({ resource, by }) when a resource's rows changed, for its table to
// say so or refresh (table-changes.ts listens for one resource).
import { inboxResourceOf, type InboxItem, type ServerFrame } from '../../common/hub-frames.ts';
import { msg } from '../../common/messages.ts';
import { inboxKinds } from '../../common/inbox-kinds.ts';
import { toast } from '../nav/toasts.ts';
import { CHANGED_EVENT, signedInUserId, type ChangedDetail } from './changed-event.ts';
import { connectHub } from './hub-connection.ts';
import { loadViewState, viewStateFrame } from './view-state.ts';
import { drawBadges, showUnread } from './inbox-badges.ts';

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
    open: () =>
      void loadViewState().then((state) =>
        showUnread({ messages: state.messages.Unread, alerts: state.alerts.Unread, notifications: state.notifications.Unread }),
      ),
    frame: onFrame,
  });
}

function onFrame(frame: ServerFrame): void {
  viewStateFrame(frame);
  if (frame.type === 'inbox') {
    showUnread(frame.unread);
    toast(frame.item.Severity, toastText(frame.item));
    changed(inboxResourceOf[frame.kind], 0);
    refreshPanel();
  } else if (frame.type === 'unread') {
    showUnread(frame.unread);
    // Read flags changed by the user (in another tab, or the table): the inbox tables show them.
    for (const { name } of inboxKinds) changed(name, signedInUserId());
    refreshPanel();
  } else if (frame.type === 'changed') {
    changed(frame.resource, frame.by);
  }
}

function changed(resource: string, by: number): void {
  document.dispatchEvent(new CustomEvent<ChangedDetail>(CHANGED_EVENT, { detail: { resource, by } }));
}

function toastText(item: InboxItem): string {
  if (item.Kind === 'message') return msg('inboxNewMessage', item.SenderName || msg('inboxSystem'), item.Title);
  return msg(item.Kind === 'alert' ? 'inboxNewAlert' : 'inboxNewNotification', item.Title);
}
