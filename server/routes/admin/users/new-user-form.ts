// The new-user form, declared once: the page draws it, the browser validates with its rules and the POST
// handler checks the submission with the same definition. The fields the users table also edits (names,
// email, group) take their label and rules from the users resource, so those rules exist once. The form's own
// labels are read when the form is drawn (server/worded.ts), so the server's language file reaches them.
import type { FieldKind, FormDefinition, FormField } from '../../../../common/form-definition.ts';
import { passwordRules } from '../../../../common/password-rules.ts';
import { usersDef } from '../../../resources/users.ts';
import { worded as inLanguage } from '../../../../common/resources/words.ts';
import type { CurrentUser } from '../../../../common/roles.ts';
import type { FieldRules } from '../../../../common/validation.ts';
import { isAdminFlag, mayGrant } from '../../../users/privileges.ts';
import { userNameRules } from '../../../users/user-name.ts';
import { worded } from '../../../worded.ts';

/** A field as the users resource declares it, shown here as `kind`, with rules this form adds. */
function usersResourceField(name: string, kind: FieldKind, extraRules: FieldRules = {}): FormField {
  const field: FormField | undefined = usersDef.fields.find((f) => f.name === name);
  if (!field) throw new Error(`the users resource declares no field "${name}"`);
  // Its label read when it is shown, in the users' words of the moment (common/resources/words.ts), as this
  // form's other labels are (server/worded.ts).
  return Object.defineProperty({ name, kind, rules: { ...field.rules, ...extraRules } }, 'label', {
    get: () => inLanguage(usersDef).fields.find((f) => f.name === name)?.label ?? field.label,
    enumerable: true,
  }) as FormField;
}

export const newUserFields: ReadonlyArray<FormField> = [
  worded(
    {
      name: 'UserName',
      kind: 'text',
      rules: userNameRules,
      hint: 'hintUserName',
      autocomplete: 'off',
      usernameCheck: '/api/common/valid-username',
    },
    { label: 'userNameLabel' },
  ),
  usersResourceField('FirstName', 'text'),
  usersResourceField('MiddleName', 'text'),
  usersResourceField('LastName', 'text'),
  usersResourceField('Email', 'email'),
  worded(
    {
      name: 'Password',
      kind: 'password',
      rules: { required: true, ...passwordRules },
      hint: 'hintPassword',
      autocomplete: 'new-password',
    },
    { label: 'passwordLabel' },
  ),
  worded(
    {
      name: 'ConfirmPassword',
      kind: 'password',
      rules: { required: true, equalTo: 'Password' },
      autocomplete: 'new-password',
    },
    { label: 'confirmPasswordLabel' },
  ),
  // Every new user belongs to a group (the table may leave an existing one without).
  usersResourceField('GroupID', 'select', { required: true }),
  worded(
    {
      name: 'IsAdmin',
      kind: 'flag',
    },
    { label: 'accessAdmin' },
  ),
  worded(
    {
      name: 'IsSuperAdmin',
      kind: 'flag',
    },
    { label: 'accessSuperAdmin' },
  ),
  worded(
    {
      name: 'Roles',
      kind: 'choices',
    },
    { label: 'usersRoles' },
  ),
  worded(
    {
      name: 'Instances',
      kind: 'choices',
    },
    { label: 'usersInstances' },
  ),
];

/** The form as this user may fill it in: the admin flags only for those who may grant them (privileges.ts). */
export function newUserForm(user: CurrentUser): FormDefinition {
  return { fields: newUserFields.filter((f) => !isAdminFlag(f.name) || mayGrant(user, f.name)) };
}
