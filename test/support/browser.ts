// Browser tests drive the system Chromium with playwright-core against the app on a real port. Where no
// Chromium exists they are skipped, loudly, rather than passing in silence.
import { after, before } from './node-test.ts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, ADMIN_PASSWORD, DEMO_PASSWORD, type TestApp, type TestAppOptions, type TestConfig } from './app.ts';
import { BROWSER_ENDPOINT_ENV } from './run-env.ts';
import { browserTestChromium } from './test-chromium.ts';
import { chromiumFlags, findChromium } from '../../server/reports/pdf/chromium.ts';

/** The Chromium the app would print PDFs with (CHROMIUM_PATH, else the usual places); null when none. */
export function chromiumPath(): string | null {
  return findChromium(process.env.CHROMIUM_PATH);
}

/** A reason to skip browser tests, printed so nobody mistakes a skip for a pass; null when Chromium is here. */
export function browserSkipReason(): string | false {
  if (browserTestChromium()) return false;
  const reason = 'BROWSER TESTS SKIPPED: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)';
  console.warn(`\n!!! ${reason} !!!\n`);
  return reason;
}

export interface BrowserEnv {
  t: TestApp;
  base: string;
  browser: Browser;
  /**
   * A new browser context (own cookies and storage) with a page, signed in as `user` unless null: through
   * the sign-in form, landing on the dashboard; or, in a file whose tests each open their own page first
   * (`blankPages`), by the form's request alone, the page left blank.
   */
  newPage(user?: string | null, options?: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The run's one Chromium when `npm test` started it (each test file connects, and its contexts are its own);
 * else one launched for this caller (a bench, a file run alone with node --test).
 */
async function openBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  if (endpoint) return chromium.connect(endpoint);
  // Playwright gives each launch a fresh profile of its own; these flags keep Chromium off the closed network.
  return chromium.launch({ executablePath: browserTestChromium()!, headless: true, args: chromiumFlags });
}

/** The test app on a real port, and a browser. Its pages load the app's own bundle (what benches measure) unless `options` say otherwise. */
export async function startBrowserEnv(overrides: TestConfig = {}, options: TestAppOptions = {}, blankPages = false): Promise<BrowserEnv> {
  const t = await createTestApp(overrides, options);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  let browser: Browser;
  try {
    browser = await openBrowser();
  } catch (err) {
    await t.close();
    throw err;
  }
  return {
    t,
    base: address,
    browser,
    async newPage(user = 'admin', options = {}) {
      const context = await browser.newContext({ baseURL: address, ...options });
      const page = await context.newPage();
      if (user && blankPages) await signInByRequest(context, user);
      else if (user) await signInThroughForm(page, user);
      return { context, page };
    },
    async close() {
      // A connected browser's close ends the connection (and the contexts this file opened), not the run's Chromium.
      await browser.close();
      await t.close();
    },
  };
}

/**
 * The environment for the suite that calls this (inside its `describe`): started before its tests, closed
 * after them, its pages on the tests' bundle (the demo island). The returned object stands for it and is
 * usable from the tests on.
 */
export function useBrowserEnv(overrides: TestConfig = {}, { blankPages = false } = {}): BrowserEnv {
  let env: BrowserEnv | undefined;
  before(async () => {
    env = await startBrowserEnv(overrides, { testBundle: true }, blankPages);
  });
  after(() => env?.close());
  const started = (): BrowserEnv => {
    if (!env) throw new Error('the browser environment is used before its suite started it');
    return env;
  };
  return {
    get t() {
      return started().t;
    },
    get base() {
      return started().base;
    },
    get browser() {
      return started().browser;
    },
    newPage: (user, options) => started().newPage(user, options),
    close: () => started().close(),
  };
}

/**
 * Signs the context in by the sign-in form's own request (its CSRF token, then the POST), drawing no page:
 * loading the form and the dashboard it leads to was a third of a short browser test's time.
 */
async function signInByRequest(context: BrowserContext, user: string): Promise<void> {
  const form = await context.request.get('/login');
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await context.request.post('/login', {
    form: { username: user, password: user === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD, _csrf: token },
    maxRedirects: 0,
  });
  if (res.status() !== 303) throw new Error(`sign-in as ${user}: ${res.status()} ${(await res.text()).slice(0, 200)}`);
}

export async function signInThroughForm(page: Page, user: string, next = '/'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.fill('input[name=username]', user);
  await page.fill('input[name=password]', user === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('button[type=submit]')]);
}
