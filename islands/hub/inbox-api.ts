// The inbox calls the header makes: the summary (unread counts and newest items of each kind) and marking
// items read or unread.
import type { InboxItem, InboxKind, InboxResource, UnreadCounts } from '../../common/inbox-kinds.ts';
import { jsonHeaders } from '../shell/csrf.ts';

export interface InboxSummary {
  unread: UnreadCounts;
  newest: Record<InboxResource, InboxItem[]>;
}

export type ReadRequest = ({ ids: number[] } | { kind: InboxKind } | { all: true }) & { read: boolean };

export async function fetchSummary(): Promise<InboxSummary> {
  const res = await fetch('/api/common/inbox-summary', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`inbox summary: HTTP ${res.status}`);
  return (await res.json()) as InboxSummary;
}

export async function markRead(request: ReadRequest): Promise<UnreadCounts> {
  const res = await fetch('/api/common/inbox/read', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(request) });
  if (!res.ok) throw new Error(`marking read: HTTP ${res.status}`);
  return ((await res.json()) as { unread: UnreadCounts }).unread;
}
