// What makes a password acceptable, wherever one is set: the new-user form, an administrator's temporary
// password (the users table's edit) and a user's own new password. One rule, so the three never drift.
import type { FieldRules } from './validation.ts';

export const passwordRules = { minLength: 8, maxLength: 200 } as const satisfies FieldRules;
