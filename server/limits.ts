// The app's limits, one table: what each bounds, its environment variable and its default. config.ts reads
// them into `config.limits`; the code that enforces a limit takes it from there (never from a module of its
// own), so an operator sets any of them and a test builds its app with its own values (createTestApp).
// docs/configuration.md's "Limits" table documents each variable (a test keeps the two in step).
import { availableParallelism } from 'node:os';

interface Setting {
  /** The environment variable that sets it (a whole number > 0). */
  env: string;
  default: number;
  /** The largest value that makes sense: a larger one is taken as this. */
  max?: number;
}

const setting = (env: string, value: number, max?: number): Setting => ({ env, default: value, max });

/** Excel's rows per sheet, less the header row. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

export const limitSettings = {
  exports: {
    /** CSV and Excel exports running at once on an instance (each holds an export connection). */
    atOnce: setting('EXPORTS_AT_ONCE', 4),
    /** ...and per user. */
    perUser: setting('EXPORTS_PER_USER', 2),
    /** A download whose client has not read for this long is dropped. */
    stallMs: setting('EXPORT_STALL_MS', 60_000),
    /** An export that took at least this long tells its user, in the inbox, that it is ready. */
    noticeAfterMs: setting('EXPORT_NOTICE_AFTER_MS', 3000),
    /** Rows an Excel export may hold: more are refused before the first byte. */
    xlsxMaxRows: setting('XLSX_MAX_ROWS', XLSX_MAX_DATA_ROWS, XLSX_MAX_DATA_ROWS),
  },
  imports: {
    /** The largest file an import takes, in bytes; a larger upload is refused (413) as soon as it passes this. */
    maxBytes: setting('IMPORT_MAX_BYTES', 256 * 1024 * 1024),
    /**
     * The most an .xlsx may unpack to, in bytes (all its parts): a larger one is refused from its zip directory
     * before anything is inflated, and reading stops if its parts inflate past it all the same.
     */
    maxUnpackedBytes: setting('IMPORT_MAX_UNPACKED_BYTES', 512 * 1024 * 1024),
    /** Rows one import may hold (an Excel sheet's worth by default, so any export of ours can come back). */
    maxRows: setting('IMPORT_MAX_ROWS', XLSX_MAX_DATA_ROWS),
    /** Imports running at once on an instance (each holds a database connection while it writes); one more is refused with 429. */
    atOnce: setting('IMPORTS_AT_ONCE', 2),
    /** ...and per user, over every instance. */
    perUser: setting('IMPORTS_PER_USER', 1),
    /** Rows an import checks and writes at once (a statement each; a transaction each when only valid rows go in). */
    batchRows: setting('IMPORT_BATCH_ROWS', 2000, 50_000),
    /**
     * Rows an all-or-nothing import gathers (in a staging table) before it writes them with one statement:
     * fewer statements keep the tables' totals in fewer steps, each one longer (on PostgreSQL ~100 µs a row on
     * a busy 2-core machine). On PostgreSQL a fifth of it is written once the range before is (the rows are
     * planned beside the writing: engine/staging.ts). The embedded database takes at most 20,000 at once: its
     * one connection is held meanwhile, and a statement must end well within its deadline.
     */
    flushRows: setting('IMPORT_FLUSH_ROWS', 250_000, 1_000_000),
  },
  feed: {
    /** Requests one API token may send a minute (POST /api/feed/<table>, every instance counted); one more gets 429. */
    requestsPerMinute: setting('FEED_REQUESTS_PER_MINUTE', 1200),
    /** Rows one feed request may hold (a JSON array's items or CSV lines). */
    maxRows: setting('FEED_MAX_ROWS', 10_000),
    /** The largest feed request body, in bytes; a larger one is refused (413) as soon as it passes this. */
    maxBytes: setting('FEED_MAX_BYTES', 8 * 1024 * 1024),
    /** How long a request's answer is kept for its Idempotency-Key: the same request sent again within it gets it again. */
    idempotencyHours: setting('FEED_IDEMPOTENCY_HOURS', 48),
    /**
     * Feed requests one instance writes at once (feed/feed-queue.ts), on as many connections of the feed's own
     * (db/index.ts). A request's connection waits for the server between its statements most of its time
     * (docs/imports.md, "Where a feed request's database time goes"), so the feed goes in about as fast as this
     * allows: at close of day 8 stored the days twice as fast as 4 with the staff's p99 unchanged; 16 was slower
     * than 8 and the staff's p99 three times as long (the server's thread then the bottleneck).
     */
    atOnce: setting('FEED_AT_ONCE', 8, 8),
    /** Feed requests waiting for their turn at most, per instance; one more is refused with 503 and a Retry-After. */
    queue: setting('FEED_QUEUE', 500),
  },
  pdf: {
    /** PDFs printed at once (printing is CPU bound: about one per core). */
    pages: setting('PDF_PAGES', Math.max(1, availableParallelism())),
    /** PDFs waiting for a page; one more is refused with 503. */
    queue: setting('PDF_QUEUE', 16),
    /** PDFs one user may have under way at once; one more is refused with 429 before any row is read. */
    perUser: setting('PDF_PER_USER', 2),
    /** A PDF not printed within this is stopped and answered 504. */
    jobMs: setting('PDF_JOB_TIMEOUT_MS', 30_000),
    /** Chromium is replaced after this many PDFs (its memory grows with use). */
    jobsPerBrowser: setting('PDF_JOBS_PER_CHROMIUM', 500),
  },
  reports: {
    /**
     * Rows a printed report or table PDF may hold; past it the user is asked to narrow it. A table's print view
     * prints the first of them and says of how many.
     */
    maxRows: setting('REPORT_MAX_ROWS', 5000),
  },
  clientErrors: {
    /** Client error reports kept per 10 minutes from a signed-in user... */
    perUser: setting('CLIENT_ERRORS_PER_USER', 30),
    /** ...from one address... */
    perAddress: setting('CLIENT_ERRORS_PER_ADDRESS', 120),
    /** ...and from one address without a session (the sign-in page). */
    perAnonymousAddress: setting('CLIENT_ERRORS_PER_ANONYMOUS_ADDRESS', 5),
  },
  signIn: {
    /** Failures are remembered this long (for a user name and address, only those since its last success). */
    windowHours: setting('SIGN_IN_WINDOW_HOURS', 24),
    /** Failures a user name and address may make before each further try must wait. */
    freeTries: setting('SIGN_IN_FREE_TRIES', 5),
    /** The same while its user name or its address is under attack. */
    freeTriesUnderAttack: setting('SIGN_IN_FREE_TRIES_UNDER_ATTACK', 1),
    /** Failures for one user name, from any address, that put it under attack. */
    userUnderAttack: setting('SIGN_IN_USER_UNDER_ATTACK', 20),
    /** Failures from one address, for any user names, that put it under attack (one office shares an address). */
    addressUnderAttack: setting('SIGN_IN_ADDRESS_UNDER_ATTACK', 100),
    /** The wait after the last free failure; it doubles with each failure after that, up to the longest. */
    firstDelaySeconds: setting('SIGN_IN_FIRST_DELAY_SECONDS', 30),
    longestDelaySeconds: setting('SIGN_IN_LONGEST_DELAY_SECONDS', 15 * 60),
  },
  hub: {
    /** How often the hub pings every socket; one that did not answer the previous ping is dropped. */
    heartbeatMs: setting('HUB_HEARTBEAT_MS', 25_000),
    /** A socket whose unsent bytes would pass this is dropped (a frozen tab, a dead network path). */
    maxBufferedBytes: setting('HUB_MAX_BUFFERED_BYTES', 512 * 1024),
    /**
     * Sockets one user may hold open on an instance, over all their sessions (a tab holds one); one more is
     * refused with 429. Per user, not per session: signing in again is no way past it.
     */
    socketsPerUser: setting('HUB_SOCKETS_PER_USER', 20),
  },
  lists: {
    /** From this row on, a deep page in a counted column's order starts from the counts (list/positions.ts). */
    countedRangesFrom: setting('LIST_COUNTED_RANGES_FROM', 20_000),
    /** From this row on, a page past the middle is read from the end when the count is cheap. */
    fromEndFrom: setting('LIST_FROM_END_FROM', 500),
    /** Up to this many store ids, a store condition is a list of ids; past it a subquery (query/filter.ts). */
    dimensionMaxIds: setting('LIST_DIMENSION_MAX_IDS', 10_000),
  },
  storeSelections: {
    /** New long store selections (server/store-selections/) one user may register a day; one more is refused with 429. */
    perUserPerDay: setting('STORE_SELECTIONS_PER_USER', 100),
    /** A registered selection unused for this many days is removed (a page holding it registers it again). */
    unusedDays: setting('STORE_SELECTION_UNUSED_DAYS', 30),
  },
  replica: {
    /** A read replica (DATABASE_READ_URL) further behind the primary than this is not read; the primary is. */
    maxLagSeconds: setting('REPLICA_MAX_LAG_SECONDS', 10),
    /** How often the replica is checked: whether it answers, and how far behind it is (server/db/read-replica.ts). */
    checkMs: setting('REPLICA_CHECK_MS', 2000),
  },
  shutdown: {
    /**
     * On SIGTERM the instance answers /readyz with 503 and goes on serving for this long, so that the proxy,
     * checking /readyz, takes it out of rotation before it stops (server/lifecycle/shutdown.ts).
     */
    drainMs: setting('SHUTDOWN_DRAIN_MS', 10_000, 600_000),
    /** Then exports and PDFs under way get up to this long to finish before the instance stops anyway. */
    finishMs: setting('SHUTDOWN_FINISH_MS', 20_000, 3_600_000),
  },
  connections: {
    /**
     * A request's headers must have arrived within this of its first byte (a connection that sends nothing
     * is closed after it too): Node's headersTimeout (server/client-connections/server-timeouts.ts).
     */
    headersMs: setting('REQUEST_HEADERS_TIMEOUT_MS', 10_000, 600_000),
    /** ...and its body within this of its headers; a route may allow more (client-connections/body-deadline.ts). */
    bodyMs: setting('REQUEST_BODY_TIMEOUT_MS', 30_000, 3_600_000),
    /**
     * A connection idle between requests is closed after this: longer than a reverse proxy keeps an idle
     * connection to the app (nginx and the usual load balancers: 60 s), so that the proxy closes it first and
     * never sends a request on a connection the app is closing.
     */
    keepAliveMs: setting('KEEP_ALIVE_TIMEOUT_MS', 72_000, 3_600_000),
    /**
     * Connections one client address may hold open at once (page requests, downloads, hub sockets); one more
     * is closed as it opens. Proxies named in TRUST_PROXY are not counted (client-connections/per-address.ts).
     */
    perAddress: setting('CONNECTIONS_PER_ADDRESS', 256),
  },
} as const satisfies Record<string, Record<string, Setting>>;

type Settings = typeof limitSettings;

export type Limits = { readonly [G in keyof Settings]: { readonly [K in keyof Settings[G]]: number } };

/** Some limits, for a test or a caller that sets only those. */
export type LimitOverrides = { readonly [G in keyof Settings]?: Partial<Limits[G]> };

function mapSettings(value: (s: Setting) => number): Limits {
  return Object.fromEntries(
    Object.entries(limitSettings).map(([group, settings]) => [
      group,
      Object.fromEntries(Object.entries(settings).map(([name, s]) => [name, value(s)])),
    ]),
  ) as Limits;
}

/** Every limit from the environment: a variable that is unset or not a whole number above 0 leaves the default. */
export function readLimits(env: NodeJS.ProcessEnv): Limits {
  return mapSettings((s) => {
    const text = env[s.env]?.trim() ?? '';
    const n = /^\d+$/.test(text) ? Number(text) : 0;
    return n > 0 ? Math.min(n, s.max ?? n) : s.default;
  });
}

export const defaultLimits: Limits = readLimits({});

/** `limits` with `overrides` in place of theirs. */
export function withLimits(limits: Limits, overrides: LimitOverrides = {}): Limits {
  return Object.fromEntries(
    Object.entries(limits).map(([group, values]) => [group, { ...values, ...overrides[group as keyof Limits] }]),
  ) as Limits;
}

/** Every environment variable that sets a limit, with its default (docs/configuration.md's table). */
export function limitVariables(): { env: string; default: number }[] {
  return Object.values(limitSettings).flatMap((settings) =>
    Object.values(settings).map((s: Setting) => ({ env: s.env, default: s.default })),
  );
}
