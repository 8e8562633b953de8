// The language file on the server: when LANGUAGE_URL names one, the server reads it once at start and its
// strings replace the default messages for every text it writes (page titles, headings, labels, refusals),
// as the browser's islands replace theirs when they load the same file (islands/nav/language.ts). One
// language per app, as the setting is: the messages are the process's own. A path (`/static/lang/de.json`)
// is asked of this app itself; a full URL is fetched. A file that cannot be read leaves the defaults, with
// a warning in the log, rather than keep the app from starting.
import type { FastifyInstance } from 'fastify';
import { useLanguage } from './messages.ts';

const FETCH_TIMEOUT_MS = 5_000;

async function readLanguageFile(app: FastifyInstance, url: string): Promise<unknown> {
  if (url.startsWith('/')) {
    const res = await app.inject({ url, headers: { accept: 'application/json' } });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    return res.json();
  }
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

/** The default messages again once this app is gone (tests start several apps in one process): call before ready. */
export function forgetLanguageOnClose(app: FastifyInstance): void {
  if (app.config.languageUrl) app.addHook('onClose', async () => useLanguage({}));
}

/** Reads the configured language file into the messages; call once the app is ready (it may serve the file). */
export async function loadServerLanguage(app: FastifyInstance): Promise<void> {
  const url = app.config.languageUrl;
  if (!url) return;
  try {
    const strings = await readLanguageFile(app, url);
    if (typeof strings !== 'object' || strings === null || Array.isArray(strings)) throw new Error('not a JSON object');
    useLanguage(strings as Record<string, unknown>);
    app.log.info({ languageUrl: url }, 'language file loaded');
  } catch (err) {
    app.log.warn({ err, languageUrl: url }, 'the language file could not be read: the default messages stay');
  }
}
