// Signing in with the company's identity provider in real Chromium, at 1280 and 375 px, with passwords
// switched off but for the break-glass account: the sign-in page leads with the provider's button (reached by
// keyboard alone), the provider signs the user in and sends them back to the page they asked for, a refusal
// reads clearly on the sign-in page, and signing out ends both sessions. Each screen with axe and nothing
// wider than the screen; screenshots when SCREENSHOTS_DIR is set.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { sameDatabaseApp } from '../support/app.ts';
import { axeViolations } from '../support/axe.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.ts';
import { readOidcSettings } from '../../server/auth/oidc/oidc-settings.ts';
import { defaultMessages as m, fill } from '../../server/messages.ts';

const skip = browserSkipReason();

describe('company sign-in in the browser', { skip }, () => {
  let provider: TestProvider;
  let env: BrowserEnv;

  before(async () => {
    provider = await startTestProvider([
      { sub: 'u-analyst', preferred_username: 'analyst', groups: ['backroom-sales', 'backroom-reports'] },
      { sub: 'u-clerk', preferred_username: 'clerk', disabled: true },
    ]);
    // The redirect address is left to the app (its own, as the browser reaches it), known once it listens.
    const oidc = readOidcSettings({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_BUTTON_LABEL: 'Contoso Entra ID',
      OIDC_SCOPES: 'openid profile email groups',
    });
    env = await startBrowserEnv({ oidc, passwordSignIn: { enabled: false, breakGlassUser: 'admin' } });
    provider.redirectUris.push(`${env.base}/login/oidc/callback`);
    provider.postLogoutRedirectUris.push(`${env.base}/login`);
  });
  after(async () => {
    await env?.close();
    await provider?.close();
  });

  async function checkScreen(page: Page, name: string, width: number) {
    assert.deepEqual(await axeViolations(page), []);
    await assertFits(page, name);
    await screenshot(page, `${name}-${width}`);
  }

  async function atProviderAs(page: Page, account: string) {
    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.fill('input[name=account]', account);
    await page.click('button');
  }

  test('with passwords on, the sign-in page offers both, the provider first, at 1280 and 375 px', async () => {
    const both = await sameDatabaseApp(env.t, { oidc: env.t.config.oidc, passwordSignIn: { enabled: true, breakGlassUser: undefined } });
    try {
      const base = await both.listen({ port: 0, host: '127.0.0.1' });
      for (const [width, height] of [
        [1280, 800],
        [375, 740],
      ] as const) {
        const { page, context } = await env.newPage(null, { viewport: { width, height } });
        await page.goto(`${base}/login`);
        assert.ok(await page.getByRole('link', { name: 'Sign in with Contoso Entra ID' }).isVisible());
        assert.ok(await page.locator('input[name=password]').isVisible());
        await checkScreen(page, 'company-sign-in-with-passwords', width);
        await context.close();
      }
    } finally {
      await both.close();
    }
  });

  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    test(`at ${width} px: by keyboard alone, the provider signs the user in and back to the page asked for`, async () => {
      const { page, context } = await env.newPage(null, { viewport: { width, height } });
      await page.goto('/sales');
      assert.equal(new URL(page.url()).pathname, '/login');
      await checkScreen(page, 'company-sign-in', width);
      const button = page.getByRole('link', { name: 'Sign in with Contoso Entra ID' });
      assert.ok(await button.isVisible());
      assert.equal(await page.locator('details.login-break-glass').getAttribute('open'), null, 'the password form folded away');
      // The first thing Tab reaches is the provider's button; Enter follows it.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Sign in with Contoso Entra ID');
      await page.keyboard.press('Enter');
      await atProviderAs(page, 'u-analyst');
      await page.waitForURL((u) => u.pathname === '/sales');
      assert.equal((await (await page.request.get('/api/common/current-user')).json()).UserName, 'analyst');
      await context.close();
    });

    test(`at ${width} px: a user disabled at the provider is told why on the sign-in page`, async () => {
      const { page, context } = await env.newPage(null, { viewport: { width, height } });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with Contoso Entra ID' }).click();
      await atProviderAs(page, 'u-clerk');
      await page.waitForURL((u) => u.origin === env.base && u.pathname.startsWith('/login'));
      assert.equal(await page.getByRole('alert').innerText(), fill(m.providerRefused, ['This account is disabled.']));
      await checkScreen(page, 'company-sign-in-refused', width);
      // The break-glass account's form, unfolded.
      await page.locator('details.login-break-glass summary').click();
      assert.ok(await page.locator('input[name=username]').isVisible());
      await checkScreen(page, 'company-sign-in-break-glass', width);
      const cookies = await context.cookies();
      assert.equal(
        cookies.find((c) => c.name === 'backroom_sid'),
        undefined,
        'no session',
      );
      await context.close();
    });

    test(`at ${width} px: signing out ends the Backroom session and the provider's`, async () => {
      const { page, context } = await env.newPage(null, { viewport: { width, height } });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with Contoso Entra ID' }).click();
      await atProviderAs(page, 'u-analyst');
      await page.waitForURL((u) => u.origin === env.base && u.pathname === '/');
      const sessions = provider.sessionCount();
      // At 375 px the sign-out button may sit in the menu: submitted as a person would, by its form.
      await page.locator('form.signout').evaluate((form: HTMLFormElement) => form.requestSubmit());
      await page.waitForURL((u) => u.origin === provider.issuer);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((u) => u.origin === env.base && u.pathname === '/login');
      assert.equal(provider.sessionCount(), sessions - 1, "the provider's session ended");
      await page.goto('/');
      assert.equal(new URL(page.url()).pathname, '/login', 'signed out of Backroom');
      await context.close();
    });
  }
});
