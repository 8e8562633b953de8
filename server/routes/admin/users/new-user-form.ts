// The new-user form, declared once: the page draws it, the browser validates with its rules and the POST
// handler checks the submission with the same definition.
import type { FormDefinition, FormField } from '../../../../common/form-definition.ts';
import type { CurrentUser } from '../../../../common/roles.ts';
import { userNameRules } from '../../../users/user-name.ts';

const nameRules = { required: true, maxLength: 60 };

export const newUserFields = [
  { name: 'UserName', label: 'User name', kind: 'text', rules: userNameRules, autocomplete: 'off', usernameCheck: '/api/common/valid-username' },
  { name: 'FirstName', label: 'First name', kind: 'text', rules: nameRules },
  { name: 'MiddleName', label: 'Middle name', kind: 'text', rules: { maxLength: 60 } },
  { name: 'LastName', label: 'Last name', kind: 'text', rules: nameRules },
  { name: 'Email', label: 'Email', kind: 'email', rules: { required: true, email: true, maxLength: 254 } },
  { name: 'Password', label: 'Password', kind: 'password', rules: { required: true, minLength: 8, maxLength: 200 }, autocomplete: 'new-password' },
  { name: 'ConfirmPassword', label: 'Confirm password', kind: 'password', rules: { required: true, equalTo: 'Password' }, autocomplete: 'new-password' },
  { name: 'GroupID', label: 'Group', kind: 'select', rules: { required: true } },
  { name: 'IsAdmin', label: 'Administrator', kind: 'flag' },
  { name: 'IsSuperAdmin', label: 'Super administrator', kind: 'flag' },
  { name: 'Roles', label: 'Roles', kind: 'choices' },
  { name: 'Instances', label: 'Instances', kind: 'choices' },
] as const satisfies ReadonlyArray<FormField>;

/** The flags only a super administrator may grant. */
export const superAdminGrants: ReadonlyArray<string> = ['IsAdmin', 'IsSuperAdmin'];

/** The form as this user may fill it in: the admin flags only for super administrators. */
export function newUserForm(user: CurrentUser): FormDefinition {
  return { fields: user.IsSuperAdmin ? newUserFields : newUserFields.filter((f) => !superAdminGrants.includes(f.name)) };
}
