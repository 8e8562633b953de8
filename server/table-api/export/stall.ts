// A download whose client has stopped taking it is dropped after a while: its export holds a connection (a
// server's) or a held cursor (embedded) and a slot. "Stopped" means the response waits to write and the
// socket has taken no byte: a client reading slowly, or an export slow to produce its rows (a long sort, a
// lock), is never cut off.
import type { ServerResponse } from 'node:http';

export function dropWhenStalled(res: ServerResponse, ms: number): void {
  const socket = res.socket;
  // Only a real connection can stall (app.inject's stand-in has none to wait on).
  if (!socket || typeof socket.bytesWritten !== 'number') return;
  let written = socket.bytesWritten;
  let stalledSince: number | null = null;
  const check = setInterval(
    () => {
      if (socket.bytesWritten !== written || !res.writableNeedDrain) {
        written = socket.bytesWritten;
        stalledSince = null;
        return;
      }
      stalledSince ??= Date.now();
      if (Date.now() - stalledSince >= ms) res.destroy();
    },
    Math.max(20, ms / 5),
  );
  check.unref();
  res.once('close', () => clearInterval(check));
}
