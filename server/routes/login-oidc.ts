// Sign-in with the company's identity provider: OpenID Connect's authorization code flow with PKCE, state
// and nonce (openid-client). GET /login/oidc sends the browser to the provider; the provider sends it back
// to GET /login/oidc/callback, which checks the answer (the state against this browser's pending sign-in, the
// ID token's signature, audience, expiry and nonce), finds or makes the user (auth/oidc/provider-users.ts) and
// opens a session that lasts only while the provider vouches for it (auth/oidc/provider-sessions.ts).
// Every outcome is counted as a password sign-in's is (login_attempts, by the user's name where it is known):
// a refused one as a failure. A refusal shows the sign-in page with its reason, and opens no session.
import * as client from 'openid-client';
import type { SchemaRoutes } from '../plugins/typed-routes.ts';
import { msg, type MessageKey } from '../messages.ts';
import { admitSignIn } from '../auth/sign-in-attempts.ts';
import { safeNext } from '../auth/safe-next.ts';
import { callbackUrl, CALLBACK_PATH } from '../auth/oidc/callback-url.ts';
import { keepPendingSignIn, takePendingSignIn } from '../auth/oidc/pending-sign-in.ts';
import { providerUser, type ProviderClaims } from '../auth/oidc/provider-users.ts';
import { keptTokens } from '../auth/oidc/provider-sessions.ts';
import { providerFailure } from '../auth/oidc/provider-errors.ts';
import { signInPage } from './sign-in-page.ts';
import { waitMessage } from './login.ts';

/** The user name a failure is counted under when the answer never said who signed in. */
const UNKNOWN_USER = '(identity provider)';

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/** Why the provider's answer was refused, in the words the user reads, and the status to answer with. */
function refusalOf(err: unknown): { status: number; key: MessageKey; args: string[] } {
  const failure = providerFailure(err);
  if (failure.kind === 'refused') return { status: 401, key: 'providerRefused', args: [failure.reason] };
  if (failure.kind === 'nonce') return { status: 401, key: 'providerNonceRefused', args: [] };
  if (failure.kind === 'unreachable') return { status: 503, key: 'providerUnavailable', args: [] };
  return { status: 401, key: 'providerAnswerRefused', args: [] };
}

const oidcRoutes: SchemaRoutes = async (app) => {
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

  app.get(CALLBACK_PATH, { config: { public: true, ownValueChecks: true } }, async (req, reply) => {
    const pending = takePendingSignIn(req, reply);
    const next = pending?.next ?? '/';
    const query = req.query as Record<string, unknown>;
    const refuse = async (status: number, key: MessageKey, userName: string, ...args: string[]) => {
      // Counted as a password sign-in's failure is (a throttled one is not recorded, as there).
      await admitSignIn(app.db.pool, userName || UNKNOWN_USER, req.ip, app.config.limits.signIn);
      return signInPage(app, reply, { status, error: msg(key, ...args), next });
    };
    // Checked here first, so that a refused state is told as such whatever else the answer holds.
    if (!pending || typeof query.state !== 'string' || query.state !== pending.state) return refuse(400, 'providerStateRefused', '');
    let tokens: Tokens;
    let claims: ProviderClaims;
    try {
      const config = await provider.configuration();
      const current = callbackUrl(settings, req);
      current.search = new URLSearchParams(query as Record<string, string>).toString();
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      // Providers put some claims in the ID token and others only in the user info (by scope, or by size).
      if (!(settings.userClaim in claims) || !(settings.groupsClaim in claims)) {
        if (config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims };
        }
      }
    } catch (err) {
      const { status, key, args } = refusalOf(err);
      req.log.info({ err }, 'a sign-in through the identity provider was refused');
      return refuse(status, key, '', ...args);
    }
    const found = await providerUser(app.db.pool, settings, claims);
    if ('refused' in found) {
      const key = (
        {
          noUserClaim: 'providerNoUserClaim',
          unknownUser: 'providerUnknownUser',
          inactiveUser: 'providerInactiveUser',
          linkedToAnother: 'providerLinkedToAnother',
        } as const
      )[found.refused];
      return refuse(403, key, found.userName, found.refused === 'noUserClaim' ? settings.userClaim : found.userName);
    }
    const attempt = await admitSignIn(app.db.pool, found.userName, req.ip, app.config.limits.signIn);
    if ('wait' in attempt) {
      reply.header('Retry-After', String(attempt.wait));
      return signInPage(app, reply, { status: 429, error: waitMessage(attempt.wait), next });
    }
    await attempt.succeeded();
    await reply.signIn(found.userId, keptTokens(tokens, settings.checkSeconds));
    return reply.redirect(safeNext(next), 303);
  });
};

export default oidcRoutes;
