// The sign-in page, as the password form (routes/login.ts) and the company sign-in (routes/login/oidc/) answer with it:
// the form, a refusal's message above it, and the "Sign in with <provider>" button when one is configured.
// With passwords switched off the password form is folded away, for the break-glass account only.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { msg } from '../messages.ts';
import { safeNext } from './safe-next.ts';

export interface SignInPage {
  status: number;
  error: string;
  next: unknown;
  username?: string;
}

export function signInPage(app: FastifyInstance, reply: FastifyReply, { status, error, next, username = '' }: SignInPage) {
  const target = safeNext(next);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .viewAsync('login.eta', {
      error,
      username,
      next: target,
      csrfToken: reply.loginCsrfToken(),
      provider: app.config.oidc
        ? { label: app.config.oidc.buttonLabel, href: `/login/oidc${target === '/' ? '' : `?next=${encodeURIComponent(target)}`}` }
        : null,
      passwordsOn: app.config.passwordSignIn.enabled,
      css: app.assets.url('app.css'),
      js: app.assets.url('app.js'),
      version: app.assets.version,
    });
}

/** A throttled sign-in's wait in words: seconds while under two minutes, else whole minutes (rounded up). */
export function waitMessage(seconds: number): string {
  return seconds < 120 ? msg('signInThrottledSeconds', seconds) : msg('signInThrottled', Math.ceil(seconds / 60));
}
