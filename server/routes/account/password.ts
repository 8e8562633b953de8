// GET and POST /account/password: a user's own password change, from the header's link; and the one page a
// user with a temporary password reaches (the request gate sends them here: plugins/access.ts) until they have
// chosen their own. A wrong current password is counted and slowed as a sign-in failure is (a session left
// open is not a way to guess it); a right one stores the new password, which signs out the user's other
// sessions while this browser stays signed in. Then the page says so; a temporary password's holder goes on
// to the dashboard.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkForm } from '../../../common/form-definition.ts';
import { msg } from '../../messages.ts';
import { admitSignIn } from '../../auth/sign-in-attempts.ts';
import { announcePasswordChange, isCurrentPassword, newPasswordWriter, passwordChangeForm } from '../../auth/password-change.ts';
import { fieldViews } from '../../forms/field-views.ts';
import { readForm, type FormValues } from '../../forms/submitted-form.ts';
import { PASSWORD_CHANGE_PATH } from '../../plugins/access.ts';

const CHANGED = 'changed';

export default async function accountPasswordRoutes(app: FastifyInstance) {
  const config = { passwordChange: true };

  function draw(req: FastifyRequest, reply: FastifyReply, status: number, values: FormValues = {}, messages: Record<string, string> = {}) {
    reply.code(status);
    const data = {
      title: msg('passwordChangeTitle'),
      fields: fieldViews(passwordChangeForm, { idPrefix: 'password', values, messages }),
      notice: (req.query as Record<string, unknown>)[CHANGED] !== undefined && status === 200 ? msg('passwordChanged') : '',
    };
    if (!req.session?.mustChangePassword) return reply.page('account-password', data);
    return reply.type('text/html; charset=utf-8').viewAsync('password-required.eta', {
      ...data,
      csrfToken: req.session.csrfToken,
      css: app.assets.url('app.css'),
      js: app.assets.url('app.js'),
      version: app.assets.version,
    });
  }

  app.get(PASSWORD_CHANGE_PATH, { config }, async (req, reply) => draw(req, reply, 200));

  app.post(PASSWORD_CHANGE_PATH, { config }, async (req, reply) => {
    const user = req.signedInUser();
    const values = readForm(passwordChangeForm, req.body);
    const messages = checkForm(passwordChangeForm, values);
    if (Object.keys(messages).length > 0) return draw(req, reply, 422, values, messages);
    const attempt = await admitSignIn(app.db.pool, user.UserName, req.ip, app.config.limits.signIn);
    if ('wait' in attempt) {
      reply.header('Retry-After', String(attempt.wait));
      return draw(req, reply, 429, values, { CurrentPassword: msg('signInThrottledSeconds', attempt.wait) });
    }
    const current = String(values.CurrentPassword);
    const next = String(values.NewPassword);
    if (!(await isCurrentPassword(app.db.pool, user.ID, current)))
      return draw(req, reply, 422, values, { CurrentPassword: msg('passwordCurrentWrong') });
    await attempt.succeeded();
    if (next === current) return draw(req, reply, 422, values, { NewPassword: msg('passwordSameAsCurrent') });
    const forced = req.session?.mustChangePassword === true;
    const write = await newPasswordWriter(user, next);
    await announcePasswordChange(app.db.pool, user.ID, () => reply.keepSessionThrough(write));
    return reply.redirect(forced ? '/' : `${PASSWORD_CHANGE_PATH}?${CHANGED}`, 303);
  });
}
