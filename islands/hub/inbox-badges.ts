// The header's inbox badges: a button per kind (messages, alerts, notifications) showing its unread count,
// drawn into the layout's empty #inbox-badges, with its kind's icon from the page's SVG sprite (as the menu's:
// an emoji is an empty box on a system without an emoji font). Each opens the panel of its kind
// (inbox-panel.ts).
import { msg, type MessageKey } from '../../common/messages.ts';
import { inboxKinds, perInboxResource, type InboxResource, type UnreadCounts } from '../../common/inbox-kinds.ts';

export const kindLabels = Object.fromEntries(inboxKinds.map((k) => [k.name, k.label])) as Record<InboxResource, MessageKey>;
/** Counts above this show as "99+". */
const MOST_SHOWN = 99;

export function drawBadges(host: HTMLElement, open: (resource: InboxResource, badge: HTMLButtonElement) => void): void {
  host.setAttribute('aria-label', msg('inboxLabel'));
  for (const { name, icon } of inboxKinds) {
    const badge = document.createElement('button');
    badge.type = 'button';
    badge.className = 'inbox-badge';
    badge.dataset.inbox = name;
    badge.setAttribute('aria-expanded', 'false');
    badge.setAttribute('aria-controls', 'inbox-panel');
    // Markup of our own constants only: the sprite's symbol, and the count showUnread fills.
    badge.innerHTML = `<svg class="icon" aria-hidden="true" focusable="false"><use href="#icon-${icon}"></use></svg><span class="inbox-count"></span>`;
    badge.addEventListener('click', () => open(name, badge));
    host.append(badge);
  }
  showUnread(perInboxResource(() => 0));
  host.hidden = false;
}

export function showUnread(unread: UnreadCounts): void {
  for (const badge of document.querySelectorAll<HTMLButtonElement>('#inbox-badges [data-inbox]')) {
    const resource = badge.dataset.inbox as InboxResource;
    const n = unread[resource] ?? 0;
    const count = badge.querySelector<HTMLElement>('.inbox-count')!;
    count.textContent = n > MOST_SHOWN ? `${MOST_SHOWN}+` : String(n);
    count.hidden = n === 0;
    const label = msg('inboxUnread', msg(kindLabels[resource]), n);
    badge.setAttribute('aria-label', label);
    badge.title = label;
  }
}
