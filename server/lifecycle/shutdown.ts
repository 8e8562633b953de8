// Stopping an instance so that nobody notices (SIGTERM: main.ts): it first reports not ready (/readyz 503),
// so that the proxy takes it out of rotation, and goes on serving whatever still reaches it for the drain
// time; then it tells the browsers on its hub to connect again (through the proxy, to another instance), lets
// the exports and PDFs under way finish, up to a limit, and closes: requests in flight are answered, idle
// connections closed; a download still running past the limit is cut.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { exportsRunning } from '../table-api/export/slots.ts';
import { pdfsUnderWay } from '../reports/pdf/pdf-slots.ts';

/** How often the exports and PDFs under way are counted while waiting for them. */
const COUNT_EVERY_MS = 100;

export interface ShutdownTimes {
  /** How long to serve on while not ready (config.limits.shutdown.drainMs). */
  drainMs: number;
  /** How long exports and PDFs under way may take after that (config.limits.shutdown.finishMs). */
  finishMs: number;
}

/** Exports and PDFs under way on the instance: the work a stop waits for. */
export function longWorkUnderWay(app: FastifyInstance): number {
  return exportsRunning(app.db) + pdfsUnderWay(app);
}

/** Drains and closes the app; resolves once it is closed (the caller then closes the database). */
export async function shutDownGently(app: FastifyInstance, { drainMs, finishMs }: ShutdownTimes): Promise<void> {
  app.readiness.drain();
  app.log.info({ drainMs }, 'draining: /readyz answers 503, serving on');
  await sleep(drainMs);
  app.log.info({ sockets: app.hub.connections.size }, 'drained: hub sockets told to reconnect elsewhere');
  app.hub.moveAway();
  const deadline = Date.now() + finishMs;
  while (longWorkUnderWay(app) > 0 && Date.now() < deadline) await sleep(COUNT_EVERY_MS);
  const left = longWorkUnderWay(app);
  if (left > 0) app.log.warn({ left, finishMs }, 'stopping with exports or PDFs still under way: they are cut');
  const closed = app.close();
  // Past the limit, a download still running would hold the close for as long as its client reads.
  if (left > 0) app.server.closeAllConnections();
  // The close ends the connections idle at its start; one whose request was in flight then stays open, idle,
  // once answered (a proxy keeps its connections alive), and would hold the close for the keep-alive time.
  const sweep = setInterval(() => app.server.closeIdleConnections(), COUNT_EVERY_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
}
