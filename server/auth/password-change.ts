// A user's own new password: the form (current, new and confirm, the new one under the rules of account
// creation and 'Values must equal' for the confirmation), and the change itself, which clears a temporary
// password's mark. Storing the new hash ends every session of the user (migration 013); the route keeps the
// browser that changed it signed in (reply.keepSessionThrough).
import type pg from 'pg';
import type { FormDefinition } from '../../common/form-definition.ts';
import { passwordRules } from '../../common/password-rules.ts';
import { changeTables } from '../db/table-changes.ts';
import { worded } from '../worded.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const passwordChangeForm: FormDefinition = {
  fields: [
    worded(
      {
        name: 'CurrentPassword',
        kind: 'password',
        rules: { required: true, maxLength: passwordRules.maxLength },
        autocomplete: 'current-password',
      },
      { label: 'passwordCurrentLabel' },
    ),
    worded(
      {
        name: 'NewPassword',
        kind: 'password',
        rules: { required: true, ...passwordRules },
        hint: 'hintPassword',
        autocomplete: 'new-password',
      },
      { label: 'passwordNewLabel' },
    ),
    worded(
      { name: 'ConfirmPassword', kind: 'password', rules: { required: true, equalTo: 'NewPassword' }, autocomplete: 'new-password' },
      { label: 'passwordConfirmLabel' },
    ),
  ],
};

/** Whether `password` is the user's current one. */
export async function isCurrentPassword(pool: pg.Pool, userId: number, password: string): Promise<boolean> {
  const r = await pool.query<{ password_hash: string }>('select password_hash from users where user_id = $1', [userId]);
  const hash = r.rows[0]?.password_hash;
  return hash !== undefined && (await verifyPassword(password, hash));
}

/**
 * Stores the user's own new password in `client`'s transaction (the caller's, which keeps its session): no
 * longer temporary. Hashed first, as the caller's connection should not wait on it.
 */
export async function newPasswordWriter(userId: number, password: string): Promise<(client: pg.PoolClient) => Promise<void>> {
  const hash = await hashPassword(password);
  return async (client) => {
    await client.query(
      'update users set password_hash = $2, must_change_password = false, update_date = now(), version = version + 1 where user_id = $1',
      [userId, hash],
    );
  };
}

/** Announces the change to users (their table's viewers, the hub, which closes the ended sessions' sockets). */
export function announcePasswordChange<T>(pool: pg.Pool, userId: number, write: () => Promise<T>): Promise<T> {
  return changeTables(pool, ['users'], userId, write);
}
