// Who may give which privilege on a user account, decided here once: the new-user form and the users table
// (add, edit, bulk edit) ask before they write. Administrators manage staff accounts: roles, group and
// instances are theirs to give, since an administrator holds every role and sees every store already.
// Making, unmaking, deactivating or reactivating an administrator is for super administrators only: a
// non-super administrator cannot create an administrator, so neither may they grant the flag on an existing
// account nor lock one out. (Nobody changes their own flags: the users definition's `ownAccount`; only
// super administrators touch super administrators' accounts at all: its `guardedRows`.)
import { msg } from '../messages.ts';
import { allows, type Access, type CurrentUser } from '../../common/roles.ts';

/** Who may create users: the new-user form, and the user-name check it asks while one types. */
export const createUsersAccess: Access = { admin: true };

/** Who may change a user account's privileges at all. */
const managesAccounts: Access = { admin: true };

/** The fields of an account that decide what its holder may do, by their API names. */
export interface Privileges {
  IsActive: boolean;
  IsAdmin: boolean;
  IsSuperAdmin: boolean;
  GroupID: number | null;
  Roles: ReadonlyArray<string>;
  Instances: ReadonlyArray<string>;
}

export type PrivilegeField = keyof Privileges;

/** An existing account as the rules need it: the flags it holds now. */
export type AccountFlags = Pick<Privileges, 'IsActive' | 'IsAdmin' | 'IsSuperAdmin'>;

/** What a new account holds unless it is given more: active, and nothing else. */
const newAccount: Privileges = { IsActive: true, IsAdmin: false, IsSuperAdmin: false, GroupID: null, Roles: [], Instances: [] };

export function isPrivilegeField(name: string): name is PrivilegeField {
  return Object.hasOwn(newAccount, name);
}

const adminFlags = ['IsAdmin', 'IsSuperAdmin'] as const;
type AdminFlag = (typeof adminFlags)[number];

export function isAdminFlag(field: string): field is AdminFlag {
  return (adminFlags as ReadonlyArray<string>).includes(field);
}

/**
 * Each privilege among `given` that `actor` may not set on `account` (null: an account being created), with
 * the message saying why; empty when every one may be set. A flag sent at the value it already has changes
 * nothing and is never refused (a bulk edit may send it for every row).
 */
export function privilegeRefusals(
  actor: CurrentUser,
  account: AccountFlags | null,
  given: Partial<Record<PrivilegeField, unknown>>,
): Partial<Record<PrivilegeField, string>> {
  const refusals: Partial<Record<PrivilegeField, string>> = {};
  for (const field of Object.keys(newAccount) as PrivilegeField[]) {
    const message = given[field] === undefined ? null : refusal(actor, account ?? newAccount, field, given[field]);
    if (message) refusals[field] = message;
  }
  return refusals;
}

/** Whether `actor` may give a new account this admin flag (the new-user form offers it only then). */
export function mayGrant(actor: CurrentUser, flag: AdminFlag): boolean {
  return refusal(actor, newAccount, flag, true) === null;
}

/**
 * Why `actor` may not set a temporary password on `account`, or null: whoever sets an administrator's password
 * can sign in as them, so that is for super administrators only, as making one is.
 */
export function passwordRefusal(actor: CurrentUser, account: AccountFlags): string | null {
  if (!allows(actor, managesAccounts)) return msg('forbidden');
  return !actor.IsSuperAdmin && (account.IsAdmin || account.IsSuperAdmin) ? msg('privilegeAdministratorPassword') : null;
}

function refusal(actor: CurrentUser, before: AccountFlags, field: PrivilegeField, value: unknown): string | null {
  if (!allows(actor, managesAccounts)) return msg('forbidden');
  if (actor.IsSuperAdmin) return null;
  if (isAdminFlag(field) && value !== before[field]) return msg('privilegeAdminFlags');
  const administrator = before.IsAdmin || before.IsSuperAdmin;
  if (field === 'IsActive' && value !== before.IsActive && administrator) return msg('privilegeAdministratorActive');
  return null;
}
