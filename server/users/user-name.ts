// What makes a user name acceptable: the declared rules (the same ones the new-user form sends to the
// browser) and not already taken, compared without regard to case as the users table's unique index does.
import type pg from 'pg';
import { msg } from '../messages.ts';
import { validateField, type FieldRules } from '../../common/validation.ts';

export const userNameRules: FieldRules = { required: true, minLength: 3, maxLength: 30, pattern: '[A-Za-z0-9._-]+' };

/** The message saying why `name` cannot be used for a new user, or `null` when it is free. */
export async function userNameProblem(db: pg.Pool | pg.PoolClient, name: string): Promise<string | null> {
  const ruleMessage = validateField(userNameRules, name);
  if (ruleMessage !== null) return ruleMessage;
  const taken = await db.query('select 1 from users where lower(user_name) = lower($1)', [name]);
  return taken.rowCount ? msg('usernameTaken') : null;
}
