// GET /admin/users/new draws the new-user form; POST checks the submission with the same definition, stores
// the user and returns to the list with a notice, or answers 422 with the form, each field's message and
// the values as typed (passwords excepted).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkForm } from '../../../../common/form-definition.ts';
import { msg } from '../../../messages.ts';
import { fieldViews } from '../../../forms/field-views.ts';
import { choiceProblems, readForm, textValue, type ChoiceLists, type FormValues } from '../../../forms/submitted-form.ts';
import { sendError } from '../../../plugins/errors.ts';
import { createUser, type NewUser } from '../../../users/create-user.ts';
import { createUsersAccess, privilegeRefusals } from '../../../users/privileges.ts';
import { loadUserChoices } from '../../../users/user-choices.ts';
import { userNameProblem } from '../../../users/user-name.ts';
import { newUserFields, newUserForm } from './new-user-form.ts';

const list = (values: FormValues, name: string): string[] => {
  const value = values[name];
  return Array.isArray(value) ? value : [];
};

function toNewUser(values: FormValues): NewUser {
  return {
    UserName: textValue(values, 'UserName'),
    FirstName: textValue(values, 'FirstName'),
    MiddleName: textValue(values, 'MiddleName'),
    LastName: textValue(values, 'LastName'),
    Email: textValue(values, 'Email'),
    // As typed: spaces are part of a password.
    Password: typeof values.Password === 'string' ? values.Password : '',
    GroupID: Number(textValue(values, 'GroupID')),
    IsAdmin: values.IsAdmin === true,
    IsSuperAdmin: values.IsSuperAdmin === true,
    Roles: list(values, 'Roles'),
    Instances: list(values, 'Instances'),
  };
}

export default async function newUserRoutes(app: FastifyInstance) {
  const config = { access: createUsersAccess };

  function draw(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    choices: ChoiceLists,
    values: FormValues = {},
    messages: Record<string, string> = {},
  ) {
    reply.code(status);
    const fields = fieldViews(newUserForm(req.signedInUser()), { idPrefix: 'new-user', values, messages, choices });
    return reply.page('user-new', { title: msg('addUser'), fields });
  }

  app.get('/admin/users/new', { config }, async (req, reply) => draw(req, reply, 200, await loadUserChoices(app.db.pool)));

  app.post('/admin/users/new', { config }, async (req, reply) => {
    const user = req.signedInUser();
    // Every field as sent, those the form does not offer this user included: asking for a privilege one may
    // not give is refused outright, not quietly dropped.
    const asked = toNewUser(readForm({ fields: newUserFields }, req.body));
    if (Object.keys(privilegeRefusals(user, null, asked)).length > 0) return sendError(req, reply, 403, msg('forbidden'));
    const form = newUserForm(user);
    const values = readForm(form, req.body);
    const choices = await loadUserChoices(app.db.pool);
    const messages = { ...checkForm(form, values), ...choiceProblems(form, values, choices) };
    if (!messages.UserName) {
      const problem = await userNameProblem(app.db.pool, textValue(values, 'UserName'));
      if (problem) messages.UserName = problem;
    }
    if (Object.keys(messages).length > 0) return draw(req, reply, 422, choices, values, messages);
    const id = await createUser(app.db.pool, user, toNewUser(values));
    if (id === null) return draw(req, reply, 422, choices, values, { UserName: msg('usernameTaken') });
    return reply.redirect(`/admin/users?added=${id}`, 303);
  });
}
