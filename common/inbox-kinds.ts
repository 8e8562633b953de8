// The inbox's three kinds, defined once for both sides: each kind's resource (its URL name and the key of its
// unread count), its table screen's title, its value in the inbox table, its key column and the message
// naming it in the header's badges and the dashboard, and its badge's icon in the page's SVG sprite
// (views/_icons.eta). Apart from the resource definitions
// (common/resources/inbox.ts), which the browser bundle must not carry.
import type { MessageKey } from './messages.ts';

export const inboxKinds = [
  { name: 'messages', title: 'Messages', kind: 'message', key: 'MessageID', label: 'inboxMessages', icon: 'mail' },
  { name: 'alerts', title: 'Alerts', kind: 'alert', key: 'AlertID', label: 'inboxAlerts', icon: 'alert' },
  { name: 'notifications', title: 'Notifications', kind: 'notification', key: 'NotificationID', label: 'inboxNotifications', icon: 'bell' },
] as const satisfies ReadonlyArray<{ name: string; title: string; kind: string; key: string; label: MessageKey; icon: string }>;
