// The panel under a header badge: the newest items of one kind, each marked read or unread with its own
// button, "Mark all read", and the way to the kind's table screen. A disclosure: the badge says whether it is
// open, and Escape or a click elsewhere closes it. It reads the summary afresh each time it opens or changes.
import htmx from 'htmx.org';
import type { InboxItem, InboxResource } from '../../common/inbox-kinds.ts';
import { timeAgo } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';
import { onUseMsg } from '../../common/on-use-messages.ts';
import { inboxKinds } from '../../common/inbox-kinds.ts';
import { button } from '../nav/buttons.ts';
import { fetchSummary, markRead } from './inbox-api.ts';
import { kindLabels, showUnread } from './inbox-badges.ts';

let panel: HTMLElement | null = null;
let shown: { resource: InboxResource; badge: HTMLButtonElement } | null = null;

export function togglePanel(resource: InboxResource, badge: HTMLButtonElement): void {
  const again = shown?.resource === resource;
  closePanel();
  if (again) return;
  shown = { resource, badge };
  badge.setAttribute('aria-expanded', 'true');
  const host = badge.parentElement!;
  panel ??= makePanel();
  host.append(panel);
  panel.hidden = false;
  void refresh();
}

export function closePanel(): void {
  if (!shown) return;
  shown.badge.setAttribute('aria-expanded', 'false');
  shown = null;
  if (panel) panel.hidden = true;
}

/** Redraws the open panel from a fresh summary (after a new item or a change of read flags). */
export async function refresh(): Promise<void> {
  const open = shown;
  if (!open || !panel) return;
  const summary = await fetchSummary();
  showUnread(summary.unread);
  if (shown === open) draw(panel, open.resource, summary.newest[open.resource]);
}

function makePanel(): HTMLElement {
  const el = document.createElement('section');
  el.id = 'inbox-panel';
  el.className = 'inbox-panel';
  el.hidden = true;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !shown) return;
    const badge = shown.badge;
    closePanel();
    badge.focus();
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (shown && !target.closest('#inbox-panel, #inbox-badges [data-inbox]')) closePanel();
  });
  return el;
}

function draw(el: HTMLElement, resource: InboxResource, items: InboxItem[]): void {
  const kind = inboxKinds.find((k) => k.name === resource)!;
  const title = document.createElement('h2');
  title.textContent = msg(kindLabels[resource]);
  el.setAttribute('aria-label', title.textContent);
  const list = document.createElement('ul');
  list.className = 'inbox-items';
  for (const item of items) list.append(itemRow(item));
  const empty = document.createElement('p');
  empty.className = 'inbox-empty';
  empty.textContent = onUseMsg('inboxEmpty');
  empty.hidden = items.length > 0;
  const all = button(onUseMsg('inboxMarkAllRead'));
  all.disabled = !items.some((i) => !i.IsRead);
  all.addEventListener('click', () => void mark({ kind: kind.kind, read: true }));
  const seeAll = document.createElement('a');
  seeAll.href = `/${resource}`;
  seeAll.textContent = onUseMsg('inboxSeeAll');
  seeAll.addEventListener('click', closePanel);
  const actions = document.createElement('div');
  actions.className = 'inbox-panel-actions';
  actions.append(all, seeAll);
  el.replaceChildren(title, list, empty, actions);
  // Made here, not swapped in by htmx: boosted (a page swap, like every other link) only once processed.
  htmx.process(el);
}

function itemRow(item: InboxItem): HTMLElement {
  const li = document.createElement('li');
  li.className = item.IsRead ? 'inbox-item' : 'inbox-item unread';
  const title = document.createElement('strong');
  title.textContent = item.Title;
  const meta = document.createElement('span');
  meta.className = 'inbox-item-meta';
  meta.textContent = [item.SenderName, timeAgo(item.CreatedAt)].filter(Boolean).join(' · ');
  const body = document.createElement('p');
  body.textContent = item.Body;
  body.hidden = !item.Body;
  const toggle = button(onUseMsg(item.IsRead ? 'inboxMarkUnread' : 'inboxMarkRead'));
  toggle.addEventListener('click', () => void mark({ ids: [item.ID], read: !item.IsRead }));
  li.append(title, meta, body, toggle);
  return li;
}

async function mark(request: Parameters<typeof markRead>[0]): Promise<void> {
  showUnread(await markRead(request));
  await refresh();
}
