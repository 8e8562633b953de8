// "last updated 3 minutes ago": when the rows shown were read on the server (their answer's syncedAt, kept
// with it in the session's cache). Rendered as of the answer itself, as the server did, so the hydrated
// markup matches; the shell's clock (islands/shell/time-ago.ts) rewrites the text as time passes, also
// before the table has hydrated, which is why React leaves the text it finds at hydration.
import { timeAgo } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';

export function LastUpdated({ syncedAt }: { syncedAt: string | null }) {
  if (!syncedAt) return <span className="dt-updated" />;
  return (
    <time className="dt-updated" dateTime={syncedAt} data-ago="tableLastUpdated" suppressHydrationWarning>
      {msg('tableLastUpdated', timeAgo(syncedAt, new Date(syncedAt)))}
    </time>
  );
}
