// Reads the environment once into a typed configuration with safe defaults (see README's table).
import { resolve } from 'node:path';
import { defaultDeadlines } from './db/query-deadline.ts';

export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded PGlite database persisted in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  chromiumPath: string | undefined;
  logLevel: string;
  /** Served to the browser, which fetches it and replaces the default messages. */
  languageUrl: string | undefined;
  /** Sessions slide: each request pushes expiry this many seconds ahead. */
  sessionSeconds: number;
  /** Cookies get Secure when the app sits behind HTTPS (TRUST_PROXY and X-Forwarded-Proto: https). */
  trustProxy: boolean;
  /** The longest one query of a request may run, or wait for a connection: then the request gets 503. */
  queryTimeoutMs: number;
  /** The longest one query of an export may run (computing its rows takes longer than a page's query). */
  exportTimeoutMs: number;
  /** Test-only routes (slow page, forced statuses) exist only when this is on. */
  testRoutes: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: env.PORT === '0' ? 0 : intOr(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    chromiumPath: env.CHROMIUM_PATH || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    languageUrl: env.LANGUAGE_URL || undefined,
    sessionSeconds: intOr(env.SESSION_SECONDS, 7200),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    testRoutes: env.BACKROOM_TEST_ROUTES === '1',
    queryTimeoutMs: intOr(env.DB_QUERY_TIMEOUT_MS, defaultDeadlines.queryMs),
    exportTimeoutMs: intOr(env.DB_EXPORT_TIMEOUT_MS, defaultDeadlines.exportMs),
  };
}

function intOr(text: string | undefined, fallback: number): number {
  const n = Number.parseInt(text ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
