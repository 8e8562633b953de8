// The dashboard's inbox: for each kind whose screen the user may open (messages, alerts, notifications), how many
// are unread and the newest items (the header's summary: inbox-items.ts), linking to the kind's screen.
// Drawn with the page; the header's badges, which the hub keeps current, say when more arrive.
import type pg from 'pg';
import { timeAgo } from '../../common/format.ts';
import { inboxKinds } from '../../common/inbox-kinds.ts';
import { msg } from '../messages.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { PageRules } from '../shell/menu.ts';
import { inboxSummaryOf } from './inbox-items.ts';

export interface InboxKindView {
  title: string;
  href: string;
  unread: number;
  /** "Messages: 3 unread" */
  unreadText: string;
  items: Array<{ title: string; meta: string; body: string; unread: boolean }>;
}

export async function dashboardInbox(pool: pg.Pool, user: CurrentUser, pages: PageRules, now = new Date()): Promise<InboxKindView[]> {
  const { unread, newest } = await inboxSummaryOf(pool, user.ID);
  return inboxKinds
    .filter((kind) => {
      const rule = pages(`/${kind.name}`);
      return rule !== null && allows(user, rule);
    })
    .map((kind) => ({
      title: msg(kind.label),
      href: `/${kind.name}`,
      unread: unread[kind.name],
      unreadText: msg('inboxUnread', msg(kind.label), unread[kind.name]),
      items: newest[kind.name].map((item) => ({
        title: item.Title,
        meta: [item.SenderName, timeAgo(item.CreatedAt, now)].filter(Boolean).join(' · '),
        body: item.Body,
        unread: !item.IsRead,
      })),
    }));
}
