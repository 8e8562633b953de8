// Sign-in with the company's identity provider, its return: the provider sends the browser back to GET
// /login/oidc/callback, which checks the answer (the state against this browser's pending sign-in, then, by
// openid-client, the code exchanged with the PKCE verifier, the ID token's signature, audience, expiry and
// nonce), finds or makes the user (auth/oidc/provider-users.ts) and opens a session that lasts only while the
// provider vouches for it (auth/oidc/provider-sessions.ts). Every outcome is counted as a password sign-in's
// is (login_attempts, by the user's name where it is known), a refused one as a failure; a refusal shows the
// sign-in page with its reason, and opens no session.
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { msg, type MessageKey } from '../../../messages.ts';
import { admitSignIn } from '../../../auth/sign-in-attempts.ts';
import { safeNext } from '../../../auth/safe-next.ts';
import { callbackUrl, CALLBACK_PATH } from '../../../auth/oidc/callback-url.ts';
import { takePendingSignIn } from '../../../auth/oidc/pending-sign-in.ts';
import { providerUser } from '../../../auth/oidc/provider-users.ts';
import { exchangeCode } from '../../../auth/oidc/code-exchange.ts';
import { keptTokens } from '../../../auth/oidc/provider-sessions.ts';
import { providerFailure } from '../../../auth/oidc/provider-errors.ts';
import { signInPage, waitMessage } from '../../../auth/sign-in-page.ts';

/** The user name a failure is counted under when the answer never said who signed in. */
const UNKNOWN_USER = '(identity provider)';

/** Why the provider's answer was refused, in the words the user reads, and the status to answer with. */
function refusalOf(err: unknown): { status: number; key: MessageKey; args: string[] } {
  const failure = providerFailure(err);
  if (failure.kind === 'refused') return { status: 401, key: 'providerRefused', args: [failure.reason] };
  if (failure.kind === 'nonce') return { status: 401, key: 'providerNonceRefused', args: [] };
  if (failure.kind === 'unreachable') return { status: 503, key: 'providerUnavailable', args: [] };
  return { status: 401, key: 'providerAnswerRefused', args: [] };
}

const callbackRoute: SchemaRoutes = async (app) => {
  const provider = app.oidc;
  if (!provider) return;
  const { settings } = provider;

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
    let answer: Awaited<ReturnType<typeof exchangeCode>>;
    try {
      const current = callbackUrl(settings, req);
      current.search = new URLSearchParams(query as Record<string, string>).toString();
      answer = await exchangeCode(provider, current, pending);
    } catch (err) {
      const { status, key, args } = refusalOf(err);
      req.log.info({ err }, 'a sign-in through the identity provider was refused');
      return refuse(status, key, '', ...args);
    }
    const found = await providerUser(app.db.pool, settings, answer.claims);
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
    await reply.signIn(found.userId, keptTokens(answer.tokens, settings.checkSeconds));
    return reply.redirect(safeNext(next), 303);
  });
};

export default callbackRoute;
