// Builds the app for a test file on its own copy of the template database (embedded, or PostgreSQL when
// DATABASE_URL is set), adds what only tests use (test pages and forms, the demo island; for browser tests
// the bundle that carries it; demo tables), and signs users in through the real /login form.
import { cpSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { after, before } from './node-test.ts';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { loadServerLanguage } from '../../server/language.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { withLimits, type LimitOverrides } from '../../server/limits.ts';
import { openDatabase, type Database, type OpenOptions } from '../../server/db/index.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, embeddedTemplateDir, postgresBase, postgresUrl, scratchDir } from './template-db.ts';
import { serveTestBundle, testBundleAssets } from './test-bundle.ts';
import testPageRoutes from './routes/test-pages.ts';
import testFormRoutes from './routes/test-forms.ts';
import testTableRoutes from './routes/test-tables.ts';

export { ADMIN_PASSWORD, DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/** The app's query deadlines (config.ts), or none. */
type DeadlineOptions = Pick<OpenOptions, 'queryTimeoutMs' | 'exportTimeoutMs' | 'exportConnections'>;

/** What a test changes of the configuration: any setting, and any of the limits (the others keep their defaults). */
export type TestConfig = Partial<Omit<Config, 'limits'>> & { limits?: LimitOverrides };

/** The configuration of a test app: `base` (the defaults with the tests' passwords), then the test's own settings. */
export function testConfig(
  { limits, ...overrides }: TestConfig = {},
  base: Config = { ...readConfig({}), adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD },
): Config {
  return { ...base, ...overrides, limits: withLimits(base.limits, limits) };
}

export interface TestDatabase {
  db: Database;
  /** Opens the database again, as a restart does, once `db` is closed (or its process killed and its pool ended). */
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh database copied from this run's template; dropped again by `drop`. */
export async function openTestDatabase({
  queryTimeoutMs,
  exportTimeoutMs,
  exportConnections,
}: DeadlineOptions = {}): Promise<TestDatabase> {
  const deadlines = { queryTimeoutMs, exportTimeoutMs, exportConnections };
  let open: () => Promise<Database>;
  let remove: () => Promise<void>;
  if (postgresBase()) {
    const template = process.env.BACKROOM_TEST_TEMPLATE;
    if (!template) throw new Error('BACKROOM_TEST_TEMPLATE is not set: run the tests with `npm test`');
    const name = `${template}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    open = () => openDatabase({ databaseUrl: postgresUrl(name), dataDir: '', ...deadlines });
    remove = async () => {
      const c = new pg.Client({ connectionString: postgresUrl('postgres') });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = scratchDir('backroom-test-');
    cpSync(embeddedTemplateDir(), dir, { recursive: true });
    open = () => openDatabase({ dataDir: dir, ...deadlines });
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  const opened = { db: await open() } as TestDatabase;
  opened.reopen = async () => (opened.db = await open());
  opened.drop = async () => {
    await opened.db.close();
    await remove();
  };
  return opened;
}

export interface TestAppOptions {
  /** Pages load the tests' browser bundle (test-bundle.ts), which mounts the demo island, instead of the app's. */
  testBundle?: boolean;
  /** Told of every route as it is registered (see BuildOptions). */
  onRoute?: BuildOptions['onRoute'];
  /** The entities it serves, when not the product's (see BuildOptions). */
  resources?: BuildOptions['resources'];
  /** Its log (none unless given): a test that reads the log gives a stream. */
  logger?: BuildOptions['logger'];
}

export async function createTestApp(overrides: TestConfig = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const { db, drop } = await openTestDatabase({ ...config, exportConnections: config.limits.exports.atOnce });
  let app: FastifyInstance;
  try {
    app = await buildTestApp(config, db, options);
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

async function buildTestApp(
  config: Config,
  db: Database,
  { testBundle = false, onRoute, resources, logger }: TestAppOptions,
): Promise<FastifyInstance> {
  const app = await buildApp({ config, db, assets: testBundle ? testBundleAssets() : undefined, onRoute, resources, logger });
  await app.register(testPageRoutes);
  await app.register(testFormRoutes);
  await app.register(testTableRoutes);
  if (testBundle) await serveTestBundle(app);
  await app.ready();
  await loadServerLanguage(app);
  return app;
}

/**
 * A second app on `t`'s database, as another instance with other settings would be (its sessions are the
 * same, so a user signs in to either); closed with `close`, the database staying `t`'s.
 */
export async function sameDatabaseApp(t: TestApp, overrides: TestConfig): Promise<FastifyInstance> {
  return buildTestApp(testConfig(overrides, t.config), t.db, {});
}

export interface SignedIn {
  cookie: string;
  csrf: string;
  /** app.inject with this user's cookie (and CSRF token on mutating methods). */
  inject(opts: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD,
): Promise<SignedIn> {
  const form = await app.inject({ url: '/login' });
  const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const res = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, _csrf: token }).toString(),
  });
  if (res.statusCode !== 303) throw new Error(`sign-in as ${username} failed: ${res.statusCode}`);
  return sessionOf(app, cookieHeader(res));
}

/** The signed-in user holding the session `cookie`, its CSRF token read from the page at `page`. */
export async function sessionOf(app: FastifyInstance, cookie: string, page = '/'): Promise<SignedIn> {
  const body = (await app.inject({ url: page, headers: { cookie } })).body;
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(body)?.[1] ?? '';
  return {
    cookie,
    csrf,
    inject({ method = 'GET', url, payload, headers = {} }) {
      const h: Record<string, string> = { cookie, ...headers };
      if (method !== 'GET' && method !== 'HEAD') h['x-csrf-token'] ??= csrf;
      return app.inject({ method: method as 'GET', url, payload: payload as string, headers: h });
    },
  };
}

/**
 * The app a test file shares: built on its own database copy before the file's first test, with these users
 * signed in, and closed after its last. `shared.t` is the app; `shared.admin` (etc.) a signed-in user.
 */
export function useTestApp<U extends string>(...users: U[]): { readonly t: TestApp } & Readonly<Record<U, SignedIn>> {
  return useTestAppWith({}, ...users);
}

/** useTestApp, the app built with `overrides` (its own limits, say). */
export function useTestAppWith<U extends string>(
  overrides: TestConfig,
  ...users: U[]
): { readonly t: TestApp } & Readonly<Record<U, SignedIn>> {
  const shared = {} as { t: TestApp } & Record<U, SignedIn>;
  const signedIn = shared as Record<U, SignedIn>;
  before(async () => {
    shared.t = await createTestApp(overrides);
    for (const user of users) signedIn[user] = await signIn(shared.t.app, user);
  });
  after(() => shared.t?.close());
  return shared;
}
