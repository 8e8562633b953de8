// The inbox's three kinds, defined once for both sides: each kind's resource (its URL name and the key of its
// unread count), its value in the inbox table, its key column, the message naming it in the header's badges,
// the dashboard and its table's title, the message a toast of a new item of it says, and its badge's icon in
// the page's SVG sprite (views/_icons.eta). Apart from the
// resource definitions (common/resources/inbox.ts), which the browser bundle must not carry. A kind added
// here is a kind everywhere: the types below follow, and what is keyed by them fails tsc until it has it.
import type { MessageKey } from './messages.ts';

export const inboxKinds = [
  // A message's toast names its sender first ({0}), then its title ({1}); the others' name the title ({0}).
  {
    name: 'messages',
    kind: 'message',
    key: 'MessageID',
    label: 'inboxMessages',
    newItem: 'inboxNewMessage',
    fromSender: true,
    icon: 'mail',
  },
  { name: 'alerts', kind: 'alert', key: 'AlertID', label: 'inboxAlerts', newItem: 'inboxNewAlert', icon: 'alert' },
  {
    name: 'notifications',
    kind: 'notification',
    key: 'NotificationID',
    label: 'inboxNotifications',
    newItem: 'inboxNewNotification',
    icon: 'bell',
  },
] as const satisfies ReadonlyArray<{
  name: string;
  kind: string;
  key: string;
  label: MessageKey;
  newItem: MessageKey;
  fromSender?: true;
  icon: string;
}>;

export type InboxKind = (typeof inboxKinds)[number]['kind'];
/** The inbox resources' names (`messages`, `alerts`, `notifications`): the keys of unread counts. */
export type InboxResource = (typeof inboxKinds)[number]['name'];
export type UnreadCounts = Record<InboxResource, number>;

export const inboxResourceOf = Object.fromEntries(inboxKinds.map((k) => [k.kind, k.name])) as Record<InboxKind, InboxResource>;

export function isInboxKind(value: unknown): value is InboxKind {
  return inboxKinds.some((k) => k.kind === value);
}

/** Something per inbox resource, made from each kind: `perInboxResource((k) => 0)` for counts of nothing. */
export function perInboxResource<T>(make: (kind: (typeof inboxKinds)[number]) => T): Record<InboxResource, T> {
  return Object.fromEntries(inboxKinds.map((k) => [k.name, make(k)])) as Record<InboxResource, T>;
}

/** A message, alert or notification as the header's panel and toasts show it (its text cut to a preview). */
export interface InboxItem {
  ID: number;
  Kind: InboxKind;
  Title: string;
  Body: string;
  Severity: 'info' | 'success' | 'warning' | 'error';
  SenderName: string;
  CreatedAt: string;
  IsRead: boolean;
}
