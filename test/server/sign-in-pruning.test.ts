// Sign-in tries older than the window (config.limits.signIn.windowHours) count for nothing and are removed as
// new tries are recorded, a bounded number each time (PRUNED_PER_TRY): login_attempts stays about the size of
// the window's tries instead of growing forever, and the tries that still count are kept.
import { after, before, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { PRUNED_PER_TRY } from '../../server/auth/sign-in-attempts.ts';
import { createTestApp, signIn, type TestApp } from '../support/app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ limits: { signIn: { windowHours: 1 } } });
});
after(() => t?.close());

/** The tries of user names starting with `prefix` still stored. */
async function stored(prefix: string): Promise<number> {
  const { rows } = await t.db.pool.query<{ n: number }>('select count(*)::int as n from login_attempts where user_name like $1', [
    `${prefix}%`,
  ]);
  return rows[0]!.n;
}

test('each try recorded removes some of the tries past the window, never one that still counts', async () => {
  const old = PRUNED_PER_TRY + 10;
  await t.db.pool.query('delete from login_attempts');
  // Older than any try since, as stored tries are: numbered earlier, stamped past the window.
  await t.db.pool.query(
    `insert into login_attempts (user_name, address, succeeded, attempted_at)
     select 'past-' || i, '10.0.0.' || (i % 7), i % 3 = 0, now() - interval '1 hour 1 minute' - make_interval(secs => $1 - i)
     from generate_series(1, $1) i`,
    [old],
  );
  await t.db.pool.query(
    `insert into login_attempts (user_name, address, succeeded, attempted_at)
     select 'recent-' || i, '10.0.0.1', false, now() - interval '59 minutes' from generate_series(1, 3) i`,
  );

  await signIn(t.app, 'clerk');
  assert.equal(await stored('past-'), 10, `the oldest ${PRUNED_PER_TRY} are gone, no more`);
  assert.equal(await stored('recent-'), 3);

  await signIn(t.app, 'clerk');
  assert.equal(await stored('past-'), 0);
  assert.equal(await stored('recent-'), 3, 'tries inside the window are kept');
  assert.equal(await stored('clerk'), 2, "this sign-in's own tries are kept");
});
