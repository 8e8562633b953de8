// Sign-in attempts in the database (shared by every app instance), counted and recorded as one step: under a
// lock per user name and per address, a try reads the failures so far, and if the policy lets it be checked
// it is recorded at once as a failure, turned into a success only once the password is right. So parallel
// tries see each other however many arrive at once, and a try that never finishes counts against itself.
// Tries older than the window count for nothing: each try recorded removes a few of the oldest that are, in
// the same step, so the table holds about the window's tries, with no timer and bounded work per sign-in.
import type pg from 'pg';
import { withKeyLocks } from '../db/key-locks.ts';
import { signInKey, signInWait, type SignInHistory, type SignInLimits } from './sign-in-throttle.ts';

/** A try admitted for checking (recorded as failed until `succeeded`), or the whole seconds to wait first. */
export type SignInAdmission = { wait: number } | { succeeded(): Promise<void> };

// Each count stops where it stops mattering: enough failures for the longest delay, or to be under attack.
const HISTORY = `
  with since as (select clock_timestamp() - make_interval(hours => $3) as t),
  pair as (
    select attempted_at from login_attempts
    where lower(user_name) = lower($1) and address = $2 and not succeeded
      and attempted_at > greatest((select t from since), (
        select max(attempted_at) from login_attempts
        where lower(user_name) = lower($1) and address = $2 and succeeded and attempted_at > (select t from since)))
    order by attempted_at desc limit 64
  )
  select (select count(*)::int from pair) as "pairFailures",
         (select extract(epoch from clock_timestamp() - max(attempted_at))::float8 from pair) as "secondsSinceLastPairFailure",
         (select count(*)::int from (select 1 from login_attempts where lower(user_name) = lower($1) and not succeeded
                                       and attempted_at > (select t from since) limit $4) u) as "userFailures",
         (select count(*)::int from (select 1 from login_attempts where address = $2 and not succeeded
                                       and attempted_at > (select t from since) limit $5) a) as "addressFailures"`;

/** The oldest tries, at most, a recorded try removes: more than one, so a backlog drains as tries come in. */
export const PRUNED_PER_TRY = 50;

// The oldest rows by id (ids grow with time: the database's clock stamps them as they are numbered), those
// of them past the window. SKIP LOCKED: a row another sign-in is removing is left to it, never waited for.
const PRUNE = `
  delete from login_attempts where attempt_id in (
    select attempt_id from login_attempts
    where attempt_id in (select attempt_id from login_attempts order by attempt_id limit $2)
      and attempted_at <= clock_timestamp() - make_interval(hours => $1)
    for update skip locked)`;

export async function admitSignIn(pool: pg.Pool, userName: string, address: string, limits: SignInLimits): Promise<SignInAdmission> {
  const key = signInKey(userName);
  const admitted = await withKeyLocks(
    pool,
    [`sign-in:user:${key}`, `sign-in:address:${address}`],
    async (client): Promise<{ wait: number } | { id: number }> => {
      const history = await client.query<SignInHistory>(HISTORY, [
        key,
        address,
        limits.windowHours,
        limits.userUnderAttack,
        limits.addressUnderAttack,
      ]);
      const wait = signInWait(history.rows[0]!, limits);
      if (wait > 0) return { wait };
      const recorded = await client.query<{ attempt_id: number }>(
        `insert into login_attempts (user_name, address, succeeded, attempted_at) values ($1, $2, false, clock_timestamp())
       returning attempt_id`,
        [key, address],
      );
      await client.query(PRUNE, [limits.windowHours, PRUNED_PER_TRY]);
      return { id: recorded.rows[0]!.attempt_id };
    },
  );
  if ('wait' in admitted) return admitted;
  return {
    async succeeded() {
      await pool.query('update login_attempts set succeeded = true where attempt_id = $1', [admitted.id]);
    },
  };
}
