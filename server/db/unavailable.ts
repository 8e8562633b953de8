// Whether a failure means the database cannot serve right now (down, restarting, hung past a deadline, out of
// connections) rather than that a query was wrong. The error handler answers these with 503 and a message
// saying so (plugins/errors.ts); a request may simply be tried again a little later.
import pg from 'pg';

/** Raised by the app itself when it knows the database is unavailable (e.g. its process is restarting). */
export class DatabaseUnavailableError extends Error {}

/**
 * SQLSTATEs of a server that cannot serve: 08 connection exceptions, 53 insufficient resources (too many
 * connections, out of memory or disk), 57P0x shutting down or starting, 57014 a statement cancelled at its
 * statement_timeout (nothing else here cancels queries).
 */
const UNAVAILABLE_STATE = /^(08|53|57P0)|^57014$/;

/** pg's and pg-pool's own words for a connection that failed, broke or never came. */
const LOST_CONNECTION = /^Connection terminated|is not queryable$|^timeout exceeded when trying to connect$/;

/** A socket to the database that could not be opened, or broke. */
const SOCKET_FAILURE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (err instanceof pg.DatabaseError) return UNAVAILABLE_STATE.test(err.code ?? '');
  if (!(err instanceof Error)) return false;
  const { code, syscall } = err as NodeJS.ErrnoException;
  if (code && syscall && ['connect', 'read', 'write'].includes(syscall)) return SOCKET_FAILURE.has(code);
  return LOST_CONNECTION.test(err.message);
}
