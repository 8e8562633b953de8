// Where the provider sends the browser back after signing in (OIDC_REDIRECT_URL, as registered there), and
// after signing out (this site's sign-in page). Unset, the site's own address as this request reached it
// (behind a proxy, TRUST_PROXY lets its X-Forwarded-Proto and -Host give the public one).
import type { FastifyRequest } from 'fastify';
import type { OidcSettings } from './oidc-settings.ts';

export const CALLBACK_PATH = '/login/oidc/callback';

export function callbackUrl(settings: OidcSettings, req: FastifyRequest): URL {
  return new URL(settings.redirectUrl ?? `${req.protocol}://${req.host}${CALLBACK_PATH}`);
}

/** The sign-in page beside the callback: where the provider sends the browser once it has signed out. */
export function signedOutUrl(settings: OidcSettings, req: FastifyRequest): URL {
  return new URL('/login', callbackUrl(settings, req));
}
