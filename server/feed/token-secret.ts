// An API token's secret: 32 random bytes, readable in a header, with a prefix that says what it is (so a
// secret scanner, or a person finding one in a log, knows it for ours). Only its SHA-256 is kept: a token
// in the database, a backup or a log line of it opens nothing.
import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'brk_';

/** The SHA-256 of a token's secret, as api_tokens.token_hash keeps it. */
export const tokenHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** A new token's secret and the hash that is kept of it. */
export function newTokenSecret(): { secret: string; kept: string } {
  const secret = PREFIX + randomBytes(32).toString('base64url');
  return { secret, kept: tokenHash(secret) };
}
