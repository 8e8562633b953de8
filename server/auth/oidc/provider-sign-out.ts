// Signing out of a session that came through the company's identity provider: the Backroom session has
// already ended (reply.signOut); if the provider has an end-session endpoint, the browser goes on to it, with
// the ID token as its hint, to end the provider's session too, and comes back to the sign-in page. A page
// moves it on, not a redirect: sign-out is a form, and the Content-Security-Policy's form-action keeps form
// answers on this site.
import * as client from 'openid-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedOutUrl } from './callback-url.ts';

export async function providerSignOut(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, idToken: string) {
  const provider = app.oidc;
  if (!provider) return reply.redirect('/login', 303);
  let endSession: URL;
  try {
    const config = await provider.configuration();
    if (!config.serverMetadata().end_session_endpoint) return reply.redirect('/login', 303);
    endSession = client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: signedOutUrl(provider.settings, req).href,
    });
  } catch (err) {
    // Signed out of Backroom all the same; the provider's session ends when the provider says.
    req.log.warn({ err }, 'the identity provider could not be reached to sign out there');
    return reply.redirect('/login', 303);
  }
  return reply.type('text/html; charset=utf-8').viewAsync('provider-sign-out.eta', {
    url: endSession.href,
    label: provider.settings.buttonLabel,
    css: app.assets.url('app.css'),
    version: app.assets.version,
  });
}
