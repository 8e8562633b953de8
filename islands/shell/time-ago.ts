// Relative times that tick on while a page is open ("last updated 3 minutes ago"): every `<time datetime
// data-ago="messageKey">` has its text rewritten each second from its datetime, the message's {0} being the
// time ago. The shell does it rather than each island, so a table's time is right before the table's code
// has come (islands/on-use.ts) and after, with no clock of its own to keep. The date code comes only to
// pages that have such a time.
import { defaultMessages, msg, type MessageKey } from '../../common/messages.ts';

type TimeAgo = typeof import('../../common/format.ts').timeAgo;

const TICK_MS = 1000;

const isMessageKey = (key: string | undefined): key is MessageKey => key !== undefined && Object.hasOwn(defaultMessages, key);

function tick(timeAgo: TimeAgo, times: NodeListOf<HTMLTimeElement>): void {
  const now = new Date();
  for (const time of times) {
    const key = time.dataset.ago;
    if (!isMessageKey(key) || !time.dateTime) continue;
    // Never before the moment itself: a clock a little behind the server's would say "in 2 seconds".
    const text = msg(key, timeAgo(time.dateTime, new Date(Math.max(now.getTime(), Date.parse(time.dateTime)))));
    if (time.textContent !== text) time.textContent = text;
  }
}

export function startTimeAgo(): void {
  setInterval(() => {
    const times = document.querySelectorAll<HTMLTimeElement>('time[data-ago]');
    if (document.hidden || times.length === 0) return;
    void import('../../common/format.ts').then(({ timeAgo }) => tick(timeAgo, times));
  }, TICK_MS);
}
