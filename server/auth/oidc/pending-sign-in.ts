// A sign-in under way at the provider: its state, nonce and PKCE verifier, and the page to come back to, kept
// in a short-lived HttpOnly cookie of this browser (any instance can finish it; nothing is stored meanwhile).
// The callback takes it and clears it, whatever the outcome, so one answer from the provider is used once.
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'backroom_oidc';
const PATH = '/login/oidc';
/** Time to sign in at the provider (a password, a second factor). */
const SECONDS = 600;

export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

export function keepPendingSignIn(reply: FastifyReply, pending: PendingSignIn): void {
  const value = Buffer.from(JSON.stringify(pending)).toString('base64url');
  // SameSite=Lax: the provider sends the browser back with a top-level GET, which carries it.
  reply.setCookie(COOKIE, value, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    maxAge: SECONDS,
  });
}

/** The sign-in this browser started, if any (the cookie cleared either way). */
export function takePendingSignIn(req: FastifyRequest, reply: FastifyReply): PendingSignIn | null {
  const value = req.cookies[COOKIE];
  if (value === undefined) return null;
  reply.clearCookie(COOKIE, { path: PATH });
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
    const { state, nonce, verifier, next } = parsed;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string' || typeof next !== 'string') return null;
    return { state, nonce, verifier, next };
  } catch {
    return null;
  }
}
