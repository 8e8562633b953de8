// Runs Backroom: reads the configuration, opens (and on first start seeds) the database, listens, loads
// what is left of the demo sales history in the background (then checks daily for stores' missing sales),
// and shuts down gracefully: on SIGTERM it first drains (reports not ready, serves on for the drain time,
// sends its hub's browsers elsewhere, lets exports and PDFs finish: lifecycle/shutdown.ts); on SIGINT (Ctrl-C
// at a terminal) it skips the drain. Then it stops accepting, finishes requests in flight, stops the history
// load, closes the database and exits 0. When the embedded
// database's process cannot be restarted, it exits with status 1 for its supervisor.
import { readConfig, type Config } from './config.ts';
import { SettingError } from './auth/oidc/oidc-settings.ts';
import { openDatabase } from './db/index.ts';
import { ensureSeeded, loadHistoryInBackground, type BackgroundLoad } from './demo/first-start.ts';
import { buildApp } from './app.ts';
import { loadServerLanguage } from './language.ts';
import { addMenuEntries } from './shell/menu-entries.ts';
import { startMissingSalesCheck } from './inbox/system/missing-sales.ts';
import { shutDownGently } from './lifecycle/shutdown.ts';

// A setting the app cannot run with stops it here, with a message naming the variable (not a stack trace).
let config: Config;
try {
  config = readConfig();
} catch (err) {
  if (!(err instanceof SettingError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const started = Date.now();
const db = await openDatabase({ ...config, exportConnections: config.limits.exports.atOnce, feedConnections: config.limits.feed.atOnce });
await ensureSeeded(db.pool, config);
const app = await buildApp({ config, db, logger: { level: config.logLevel } });

let history: BackgroundLoad | undefined;
let stopSalesCheck: (() => void) | undefined;
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopSalesCheck?.();
  const times = signal === 'SIGTERM' ? config.limits.shutdown : { drainMs: 0, finishMs: 0 };
  // A stop that hangs past its own limits (a database that never answers its close) still ends.
  const force = setTimeout(() => process.exit(1), times.drainMs + times.finishMs + 15_000);
  force.unref();
  try {
    await Promise.all([shutDownGently(app, times), history?.stop()]);
    await db.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

db.events?.on('restarting', ({ pid, reason }) =>
  app.log.error({ databasePid: pid, reason }, 'the embedded database process stopped serving: restarting it'),
);
db.events?.on('restartFailed', ({ error, tries, of }) =>
  app.log.error({ err: error, tries, of }, 'the embedded database process did not start again'),
);
db.events?.on('restarted', ({ pid }) => app.log.warn({ databasePid: pid }, 'the embedded database process serves again'));
db.events?.on('lost', (error) => {
  // Whatever runs the app (systemd, a container runtime) starts it afresh; waiting here would serve only 503s.
  app.log.fatal({ err: error }, 'the embedded database process could not be restarted: exiting');
  process.exit(1);
});

// The language file first, so that no page is served in the default words (the app may serve the file itself).
await app.ready();
await loadServerLanguage(app);
// An upgraded install gets the menu entries of screens it did not have, in the language file's words.
const menuAdded = await addMenuEntries(db.pool, app.resources);
if (menuAdded.length) app.log.info({ entries: menuAdded }, 'menu entries added');
await app.listen({ port: config.port, host: config.host });
if (db.created?.imageError)
  app.log.warn({ reason: db.created.imageError }, 'the database image could not be copied: the database was created instead');
app.log.info(
  {
    database: db.kind === 'embedded' ? `embedded (${config.dataDir})` : 'postgres',
    // A new embedded database: copied from the build's cluster image, or created here (no image was current).
    ...(db.created && db.created.from !== 'existing' && { databaseCreated: db.created.from }),
    databasePid: db.pid,
    replica: db.replica?.state,
    ms: Date.now() - started,
  },
  `Backroom is ready on http://localhost:${config.port}`,
);
if (!closing) history = loadHistoryInBackground(db.pool, app.log);
// The daily check for missing sales starts once the history is in: until then every store lacks yesterday's.
void history?.finished.then(() => {
  if (!closing) stopSalesCheck = startMissingSalesCheck(app);
});
