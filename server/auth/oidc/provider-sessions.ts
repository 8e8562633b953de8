// A Backroom session opened through the provider lasts only as long as the provider still vouches for it.
// It carries a time for its next check (sessions.provider_check_at): the access token's lifetime, at most
// OIDC_CHECK_SECONDS. The first request after that time asks the provider with the refresh token: answered,
// the session goes on to the next check; refused (the provider session ended, the user was disabled or
// removed, the grant revoked), the Backroom session ends at once. Without a refresh token there is nothing to
// ask with, so the session ends when the ID token does. A provider that cannot be reached ends nobody's
// session: the check is tried again a minute later (docs/configuration.md, "Company sign-in").
import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ProviderClient } from './provider-client.ts';
import { providerFailure } from './provider-errors.ts';
import type { Tokens } from './code-exchange.ts';

/** How long after an unanswered check the next is tried, and how long a check may keep others waiting. */
const RETRY_SECONDS = 60;

/** What a session keeps of the provider's tokens. */
export interface ProviderTokens {
  idToken: string | undefined;
  refreshToken: string | undefined;
  /** Seconds from now until the session is checked again with the provider. */
  checkInSeconds: number;
}

/** The tokens to keep from a token response, and when to check next. */
export function keptTokens(
  tokens: Tokens,
  checkSeconds: number,
  previous?: { idToken: string | null; refreshToken: string | null },
): ProviderTokens {
  const refreshToken = tokens.refresh_token ?? previous?.refreshToken ?? undefined;
  const idToken = tokens.id_token ?? previous?.idToken ?? undefined;
  const exp = tokens.claims()?.exp;
  const idTokenLeft = typeof exp === 'number' ? exp - Math.floor(Date.now() / 1000) : undefined;
  // With a refresh token: when the access token runs out. Without one: when the ID token does (never later).
  const lifetime = refreshToken ? (tokens.expiresIn() ?? idTokenLeft) : (idTokenLeft ?? tokens.expiresIn());
  return { idToken, refreshToken, checkInSeconds: Math.max(1, Math.min(lifetime ?? checkSeconds, checkSeconds)) };
}

/**
 * Whether the session, whose check is due, still stands. One request at a time checks it, on whichever
 * instance: it moves the check a minute ahead first, and requests meanwhile go on as the session stands.
 */
export async function providerSessionStands(
  pool: pg.Pool,
  provider: ProviderClient | null,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const claimed = await pool.query<{ provider_refresh_token: string | null; provider_id_token: string | null }>(
    `update sessions set provider_check_at = now() + make_interval(secs => $2)
     where session_id = $1 and provider_check_at <= now() returning provider_refresh_token, provider_id_token`,
    [sessionId, RETRY_SECONDS],
  );
  const row = claimed.rows[0];
  if (!row) return true;
  // No company sign-in configured any more, or nothing to ask with: the provider's word has run out.
  if (!provider || !row.provider_refresh_token) return false;
  let tokens: Tokens;
  try {
    tokens = await client.refreshTokenGrant(await provider.configuration(), row.provider_refresh_token);
  } catch (err) {
    if (providerFailure(err).kind === 'refused') {
      log.info({ err: (err as Error).message }, 'the identity provider refused to renew a session: signed out');
      return false;
    }
    log.warn({ err }, 'the identity provider could not be asked about a session: asked again in a minute');
    return true;
  }
  const kept = keptTokens(tokens, provider.settings.checkSeconds, {
    idToken: row.provider_id_token,
    refreshToken: row.provider_refresh_token,
  });
  await pool.query(
    `update sessions set provider_id_token = $2, provider_refresh_token = $3, provider_check_at = now() + make_interval(secs => $4)
     where session_id = $1`,
    [sessionId, kept.idToken ?? null, kept.refreshToken ?? null, kept.checkInSeconds],
  );
  return true;
}
