// Sign-in with the company's identity provider, its first step: GET /login/oidc sends the browser to the
// provider for OpenID Connect's authorization code flow with PKCE (S256), a fresh state and nonce, kept in this
// browser until the provider sends it back to /login/oidc/callback (routes/login/oidc/callback.ts). A provider
// that cannot be reached fails this sign-in alone, with the sign-in page saying so.
import * as client from 'openid-client';
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import { msg } from '../../messages.ts';
import { safeNext } from '../../auth/safe-next.ts';
import { callbackUrl } from '../../auth/oidc/callback-url.ts';
import { keepPendingSignIn } from '../../auth/oidc/pending-sign-in.ts';
import { signInPage } from '../../auth/sign-in-page.ts';

const startRoute: SchemaRoutes = async (app) => {
  const provider = app.oidc;
  if (!provider) return;
  const { settings } = provider;

  app.get('/login/oidc', { config: { public: true, ownValueChecks: ['next'] } }, async (req, reply) => {
    const next = safeNext((req.query as { next?: unknown }).next);
    let config: client.Configuration;
    try {
      config = await provider.configuration();
    } catch (err) {
      req.log.warn({ err }, 'the identity provider could not be reached');
      return signInPage(app, reply, { status: 503, error: msg('providerUnavailable'), next });
    }
    const pending = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), next };
    keepPendingSignIn(reply, pending);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(settings, req).href,
      scope: settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return reply.redirect(url.href, 303);
  });
};

export default startRoute;
