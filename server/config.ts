// Reads the environment once into a typed configuration with safe defaults (see docs/configuration.md's table).
import { resolve } from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.ts';
import { defaultDeadlines } from './db/query-deadline.ts';
import { tableWarningModes, type TableWarnings } from '../common/table-config.ts';
import { readLimits, type Limits } from './limits.ts';
import { readOidcSettings, readPasswordSignIn, type OidcSettings, type PasswordSignIn } from './auth/oidc/oidc-settings.ts';
import { readMetricsAccess, type MetricsAccess } from './metrics/metrics-access.ts';

export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded PGlite database persisted in dataDir. */
  databaseUrl: string | undefined;
  /** A streaming replica of that server, which lists, exports, reports, summaries and charts read (db/read-replica.ts). */
  databaseReadUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  chromiumPath: string | undefined;
  logLevel: string;
  /** Served to the browser, which fetches it and replaces the default messages. */
  languageUrl: string | undefined;
  /** Where the tables' warnings go (islands/data-table/table-warnings.ts): TABLE_WARNINGS=alert|console|none. */
  tableWarnings: TableWarnings;
  /** Sessions slide: each request pushes expiry this many seconds ahead. */
  sessionSeconds: number;
  /**
   * The proxies in front of the app (TRUST_PROXY): client addresses and HTTPS (Secure cookies) are read from
   * the X-Forwarded-* headers they add, and from nothing a client could have written before them.
   */
  trustProxy: TrustedProxies;
  /** `npm run dev` (NODE_ENV=development): browser source maps are served to anyone, not only to administrators. */
  development: boolean;
  /** The longest one query of a request may run, or wait for a connection: then the request gets 503. */
  queryTimeoutMs: number;
  /** The longest one query of an export may run (computing its rows takes longer than a page's query). */
  exportTimeoutMs: number;
  /** Who may read /metrics: METRICS_TOKEN and METRICS_ALLOW (server/metrics/metrics-access.ts). */
  metrics: MetricsAccess;
  /** What exports, PDFs, sign-in tries, client error reports, hub sockets, list plans and connections may take (limits.ts). */
  limits: Limits;
  /** Sign-in with the company's OpenID Connect provider (auth/oidc/); undefined when OIDC_ISSUER is unset. */
  oidc: OidcSettings | undefined;
  /** Whether passwords sign in, for everyone or only the break-glass user (PASSWORD_SIGN_IN, BREAK_GLASS_USER). */
  passwordSignIn: PasswordSignIn;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: env.PORT === '0' ? 0 : intOr(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    chromiumPath: env.CHROMIUM_PATH || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    languageUrl: env.LANGUAGE_URL || undefined,
    tableWarnings: tableWarningModes.find((m) => m === env.TABLE_WARNINGS) ?? 'alert',
    sessionSeconds: intOr(env.SESSION_SECONDS, 7200),
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    development: env.NODE_ENV === 'development',
    queryTimeoutMs: intOr(env.DB_QUERY_TIMEOUT_MS, defaultDeadlines.queryMs),
    exportTimeoutMs: intOr(env.DB_EXPORT_TIMEOUT_MS, defaultDeadlines.exportMs),
    metrics: readMetricsAccess(env),
    limits: readLimits(env),
    oidc: readOidcSettings(env),
    passwordSignIn: readPasswordSignIn(env),
  };
}

function intOr(text: string | undefined, fallback: number): number {
  const n = Number.parseInt(text ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
