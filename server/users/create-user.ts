// Adds a user with their roles and instances in one transaction and records it in the audit log. A password
// an administrator chose is the holder's until their first sign-in, where they must choose their own (as a
// temporary password set on an existing account is: server/auth/).
// Every statement runs on the one client holding the transaction: the embedded database has a single
// connection, so asking the pool for another one meanwhile would wait forever.
import type pg from 'pg';
import { hashPassword } from '../auth/password.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { changeTables } from '../db/table-changes.ts';
import { inTransaction } from '../db/transaction.ts';

export interface NewUser {
  UserName: string;
  FirstName: string;
  MiddleName: string;
  LastName: string;
  Email: string;
  Password: string;
  GroupID: number;
  IsAdmin: boolean;
  IsSuperAdmin: boolean;
  Roles: string[];
  Instances: string[];
  /** The password is the creator's choice: its holder must choose their own at their first sign-in (default true). */
  MustChangePassword?: boolean;
}

const UNIQUE_VIOLATION = '23505';

/** The new user's id, or `null` when the user name was taken meanwhile (nothing is stored then). */
export async function createUser(pool: pg.Pool, actor: { ID: number; UserName: string }, user: NewUser): Promise<number | null> {
  // Hashing takes a while; it happens before the connection is taken, not while others wait for it.
  const passwordHash = await hashPassword(user.Password);
  try {
    const tables = ['users', 'user_roles', 'user_instances', 'audit_log'] as const;
    return await changeTables(pool, tables, actor.ID, () =>
      inTransaction(pool, async (client) => {
        const inserted = await client.query<{ user_id: number }>(
          `insert into users (user_name, email, first_name, middle_name, last_name, password_hash, is_admin, is_super_admin, group_id,
                              must_change_password)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning user_id`,
          [
            user.UserName,
            user.Email,
            user.FirstName,
            user.MiddleName,
            user.LastName,
            passwordHash,
            user.IsAdmin,
            user.IsSuperAdmin,
            user.GroupID,
            user.MustChangePassword ?? true,
          ],
        );
        const id = inserted.rows[0]!.user_id;
        await client.query('insert into user_roles (user_id, role_id) select $1, role_id from roles where code = any($2::text[])', [
          id,
          user.Roles,
        ]);
        await client.query(
          'insert into user_instances (user_id, instance_id) select $1, instance_id from instances where code = any($2::text[])',
          [id, user.Instances],
        );
        const { Password: _password, MustChangePassword, ...stored } = user;
        const after = { ID: id, ...stored, MustChangePassword: MustChangePassword ?? true };
        await writeAudit(client, { user: actor, resource: 'users', action: 'insert', key: id, before: null, after });
        return id;
      }),
    );
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) return null;
    throw err;
  }
}
