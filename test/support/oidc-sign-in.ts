// Signs in through the test provider as a browser would, without one: the app's side through app.inject, the
// provider's over HTTP with a cookie jar of its own (so a second sign-in finds the provider session, as a
// browser's would). Each step is its own function, so a test can change what passes between them (a
// state, a nonce) and see what the app makes of it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cookieHeader } from './app.ts';

/** A browser's cookies at the provider. */
export class ProviderJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const gone = attrs.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(eq + 1));
    }
  }
  async get(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: this.header() } });
    this.take(res);
    return res;
  }
}

export interface Started {
  /** The provider's authorization URL the app sent the browser to. */
  authorizationUrl: URL;
  /** The app's cookies at that moment (the pending sign-in's). */
  appCookie: string;
}

export async function startSignIn(app: FastifyInstance, next = ''): Promise<Started> {
  const res = await app.inject({ url: `/login/oidc${next ? `?next=${encodeURIComponent(next)}` : ''}` });
  if (res.statusCode !== 303) throw new Error(`GET /login/oidc answered ${res.statusCode}: ${res.body}`);
  return { authorizationUrl: new URL(res.headers.location as string), appCookie: cookieHeader(res) };
}

/**
 * Follows the provider from `url`, signing in as `account` when it asks, until it sends the browser back to
 * the app: the URL it sends it to.
 */
export async function atProvider(jar: ProviderJar, url: URL, account: string): Promise<URL> {
  let at = url;
  for (let hop = 0; hop < 10; hop++) {
    const res = /^\/interaction\//.test(at.pathname)
      ? await jar.get(at, {
          method: 'POST',
          body: new URLSearchParams({ account }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : await jar.get(at);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${at.pathname}: ${await res.text()}`);
    const next = new URL(location, at);
    if (next.origin !== url.origin) return next;
    at = next;
  }
  throw new Error('the provider kept redirecting');
}

/** The app's answer to the provider's redirect back (the callback), with the browser's app cookies. */
export function finishSignIn(app: FastifyInstance, callback: URL, appCookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie: appCookie } });
}

/** The whole sign-in: the app's answer to the callback (303 with a session cookie, or the sign-in page and why). */
export async function providerSignIn(app: FastifyInstance, jar: ProviderJar, account: string, next = ''): Promise<LightMyRequestResponse> {
  const { authorizationUrl, appCookie } = await startSignIn(app, next);
  return finishSignIn(app, await atProvider(jar, authorizationUrl, account), appCookie);
}
