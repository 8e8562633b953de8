// The test template's demo users get their passwords hashed with light scrypt parameters. A stored hash
// carries its own parameters (server/auth/password.ts), so signing in checks them the same way; but the
// app's N = 16384 costs about 60 ms of processor per sign-in, and the tests sign in over a thousand times
// (every browser page through the form). Passwords the tests set through the app keep the app's parameters.
import { randomBytes, scryptSync } from 'node:crypto';
import type pg from 'pg';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './template-db.ts';

const LIGHT = { N: 1024, r: 8, p: 1 };

function lightHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, LIGHT);
  return `scrypt$${LIGHT.N}$${LIGHT.r}$${LIGHT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Re-hashes the seeded users' passwords (the admin's and the demo users') lightly. */
export async function lightlyHashed(pool: pg.Pool): Promise<void> {
  await pool.query(`update users set password_hash = $1 where user_name = 'admin'`, [lightHash(ADMIN_PASSWORD)]);
  await pool.query(`update users set password_hash = $1 where user_name <> 'admin'`, [lightHash(DEMO_PASSWORD)]);
}
