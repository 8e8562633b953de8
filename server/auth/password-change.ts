// A user's own new password: the form (current, new and confirm, the new one under the rules of account
// creation and 'Values must equal' for the confirmation), and the change itself, which clears a temporary
// password's mark. Storing the new hash ends every session of the user (migration 013); the route keeps the
// browser that changed it signed in (reply.keepSessionThrough). The change is in the audit log, as an
// administrator's edit of the account is: when, by whom, and that the password (never its value) changed.
import type pg from 'pg';
import type { FormDefinition } from '../../common/form-definition.ts';
import { passwordRules } from '../../common/password-rules.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { changeTables } from '../db/table-changes.ts';
import { msg } from '../messages.ts';
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
 * longer temporary; with its audit entry. Hashed first, as the caller's connection should not wait on it.
 */
export async function newPasswordWriter(user: CurrentUser, password: string): Promise<(client: pg.PoolClient) => Promise<void>> {
  const hash = await hashPassword(password);
  return async (client) => {
    const { rows } = await client.query<{ was_temporary: boolean; version: number }>(
      `update users u set password_hash = $2, must_change_password = false, update_date = now(), version = u.version + 1
       from users before where u.user_id = $1 and before.user_id = u.user_id
       returning before.must_change_password as was_temporary, u.version`,
      [user.ID, hash],
    );
    const changed = rows[0];
    if (!changed) return;
    // The fields the users table shows (its Must change password), and the password as a word: its value,
    // even hashed, never goes to the log.
    await writeAudit(client, {
      user,
      resource: 'users',
      action: 'update',
      key: user.ID,
      before: { MustChangePassword: changed.was_temporary, Version: changed.version - 1 },
      after: { MustChangePassword: false, Password: msg('auditOwnPasswordChanged'), Version: changed.version },
    });
  };
}

/** Announces the change to users (their table's viewers, the hub, which closes the ended sessions' sockets). */
export function announcePasswordChange<T>(pool: pg.Pool, userId: number, write: () => Promise<T>): Promise<T> {
  return changeTables(pool, ['users', 'audit_log'], userId, write);
}
