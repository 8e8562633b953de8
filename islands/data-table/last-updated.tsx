// "last updated 3 minutes ago": when the rows shown were read on the server (their answer's syncedAt, kept
// with it in the session's cache), ticking on while the page is open. The first render reads the time as
// of the answer itself, as the server did, so the hydrated markup matches; the clock starts once mounted.
import { useEffect, useState } from 'react';
import { timeAgo } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';

const TICK_MS = 1000;

export function LastUpdated({ syncedAt }: { syncedAt: string | null }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!syncedAt) return <span className="dt-updated" />;
  const text = timeAgo(syncedAt, now === null ? new Date(syncedAt) : new Date(Math.max(now, Date.parse(syncedAt))));
  return (
    <time className="dt-updated" dateTime={syncedAt}>
      {msg('tableLastUpdated', text)}
    </time>
  );
}
