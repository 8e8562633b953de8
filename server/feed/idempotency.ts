// The feed's Idempotency-Key (docs/api.md, "The feed"): a request sent again with the same key by the same
// token writes nothing twice and gets the first one's answer, on any instance (the claim and the answer are
// rows of feed_requests, migration 025). The first to claim a key runs the request; one sent while it runs
// waits for its answer, a little; a key sent again with another body is refused. A claim whose instance
// stopped before it answered is taken over after a while (the feed writes by the table's key, so running a
// request again cannot double a row). Answers are kept FEED_IDEMPOTENCY_HOURS, then swept.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { UNFLUSHED } from '../db/unflushed.ts';

/** What a claim on a key found: run the request (with the import row made with the claim, if any), answer as before, or refuse. */
export type Claim =
  | { kind: 'run'; importId?: number }
  | { kind: 'answered'; status: number; answer: unknown }
  | { kind: 'other-body' }
  | { kind: 'under-way' };

/** A key as sent: 1 to 200 visible ASCII characters; null when the header is not one. */
export function idempotencyKey(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  return /^[\x21-\x7e]{1,200}$/.test(key) ? key : null;
}

/** What is compared of a request sent again: the table, its body's type and its bytes. */
export function requestHash(resource: string, contentType: string, body: Buffer): string {
  return createHash('sha256').update(`${resource}\n${contentType}\n`).update(body).digest('base64url');
}

/** How long a request sent again waits for the first one's answer, and after how long a claim is taken over. */
const WAIT_MS = 10_000;
const POLL_MS = 100;
const STALE_SECONDS = 120;
const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = new WeakMap<pg.Pool, number>();

interface Found {
  body_hash: string;
  status: number | null;
  answer: unknown;
  stale: boolean;
}

/** A statement that makes a row for each row of `from`, its parameters numbered from `first` on, returning `id`. */
export type ClaimAlso = (from: string, first: number) => { sql: string; params: unknown[] };

/**
 * Claims `key` for the token's request (its hash), or says what an earlier request with it left. `also`: a
 * row the request needs made with its claim (its import's), in the same statement: one round trip fewer.
 */
export async function claimKey(
  pool: pg.Pool,
  token: number,
  key: string,
  request: { resource: string; hash: string },
  keepHours: number,
  also?: ClaimAlso,
): Promise<Claim> {
  const { resource, hash } = request;
  await sweep(pool, keepHours);
  const deadline = Date.now() + WAIT_MS;
  const made = also?.('claimed', 5);
  for (;;) {
    // Durable with the request's rows, or its refusal's answer, or its release (each committed synchronously).
    const claimed = await pool.query<{ id: string | null }>(
      `with ${UNFLUSHED},
       claimed as (
         insert into feed_requests (token_id, idempotency_key, resource, body_hash) select $1, $2, $3, $4 from unflushed
         on conflict (token_id, idempotency_key) do nothing returning 1)
       ${made ? made.sql : 'select null as id from claimed'}`,
      [token, key, resource, hash, ...(made?.params ?? [])],
    );
    if (claimed.rowCount) return { kind: 'run', ...(made && { importId: Number(claimed.rows[0]!.id) }) };
    const { rows } = await pool.query<Found>(
      `select body_hash, status, answer, created_at < now() - make_interval(secs => $3) as stale
         from feed_requests where token_id = $1 and idempotency_key = $2`,
      [token, key, STALE_SECONDS],
    );
    const found = rows[0];
    // Swept (or released) between the two: claim it again.
    if (!found) continue;
    if (found.body_hash !== hash) return { kind: 'other-body' };
    if (found.status !== null) return { kind: 'answered', status: found.status, answer: found.answer };
    if (found.stale) {
      const taken = await pool.query(
        `update feed_requests set created_at = now() where token_id = $1 and idempotency_key = $2 and status is null
           and created_at < now() - make_interval(secs => $3) returning 1`,
        [token, key, STALE_SECONDS],
      );
      if (taken.rowCount) return { kind: 'run' };
    }
    if (Date.now() >= deadline) return { kind: 'under-way' };
    await sleep(POLL_MS);
  }
}

/** Keeps the answer to a claimed key, for the same request sent again (in the transaction that wrote its rows, given one). */
export async function keepAnswer(db: pg.Pool | pg.PoolClient, token: number, key: string, status: number, answer: unknown): Promise<void> {
  await db.query(`update feed_requests set status = $3, answer = $4::json where token_id = $1 and idempotency_key = $2`, [
    token,
    key,
    status,
    JSON.stringify(answer),
  ]);
}

/** Lets a claimed key go unanswered (the request failed on the server's side): sent again, it runs again. */
export async function releaseKey(pool: pg.Pool, token: number, key: string): Promise<void> {
  await pool.query(`delete from feed_requests where token_id = $1 and idempotency_key = $2 and status is null`, [token, key]);
}

/** Forgets answers older than `keepHours`, at most every ten minutes per instance. */
async function sweep(pool: pg.Pool, keepHours: number): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(pool) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(pool, now);
  await pool.query(`delete from feed_requests where created_at < now() - make_interval(hours => $1)`, [keepHours]);
}
