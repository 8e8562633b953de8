// The inbox's three kinds, defined once for both sides: each kind's resource (its URL name and the key of its
// unread count), its table screen's title, its value in the inbox table and its key column. Apart from the
// resource definitions (common/resources/inbox.ts), which the browser bundle must not carry.
export const inboxKinds = [
  { name: 'messages', title: 'Messages', kind: 'message', key: 'MessageID' },
  { name: 'alerts', title: 'Alerts', kind: 'alert', key: 'AlertID' },
  { name: 'notifications', title: 'Notifications', kind: 'notification', key: 'NotificationID' },
] as const;
