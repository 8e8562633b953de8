// One handler and one template serve a page whole or as a fragment: htmx (HX-Request) and pjax (X-PJAX)
// requests get only the content area and its <title>; others get the layout around it. Every response
// names the app version, so the browser reloads fully when the server has moved on, and every answer to a
// signed-in request the user's access (server/users/access-version.ts), so a tab drawn for older access does too.
import fp from 'fastify-plugin';
// biome-ignore lint/correctness/noUnusedImports: used below; Biome reads it as the module augmentation's own name.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TemplateFunction } from 'eta';
import type { Assets } from '../assets.ts';
import { msg } from '../messages.ts';
import { salesHistoryProgress } from '../demo/sales-history.ts';
import { shellModel, type ShellModel } from '../shell/shell-model.ts';
import { signedIn } from './session.ts';
import { passwordSignsIn } from '../auth/password-sign-in.ts';
import { ACCESS_VERSION_HEADER, accessVersion } from '../users/access-version.ts';

type PageData = {
  title: string;
  /**
   * Whether the page's data follows the header's store selection (dashboard, summaries, charts, reports,
   * store-scoped tables): only then does the header show the selector. Default off.
   */
  storeSelector?: boolean;
} & Record<string, unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    assets: Assets;
  }
  interface FastifyReply {
    /**
     * Renders views/pages/<name>.eta as a full page or a fragment, as the request asks; or an Eta template
     * compiled elsewhere (the tests' pages), whose layout and includes are found in views/ as well.
     */
    page(template: string | TemplateFunction, data: PageData): Promise<FastifyReply>;
  }
  interface FastifyInstance {
    /** @fastify/view renders a compiled Eta template as it does a file (its README, "eta"); its types name files only. */
    view(page: TemplateFunction, data?: object): Promise<string>;
  }
}

export function isPartial(req: FastifyRequest): boolean {
  // A history-restore miss sends HX-History-Restore-Request without HX-Request: it needs the whole page.
  return req.headers['hx-request'] === 'true' || req.headers['x-pjax'] === 'true';
}

/** Whether a partial request swaps the content area (a page visit) rather than loading into a panel. */
function targetsContentArea(req: FastifyRequest): boolean {
  const target = req.headers['hx-target'] ?? req.headers['x-pjax-container'];
  return target === undefined || target === 'main#main' || target === '#main';
}

export default fp(async function partialPages(app: FastifyInstance) {
  // Callback style: an async hook would cost every response a promise for two header writes.
  app.addHook('onSend', (req, reply, payload, done) => {
    // A route may name another version (the test-only "new release" page); all others carry this build's.
    if (!reply.hasHeader('X-App-Version')) reply.header('X-App-Version', app.assets.version);
    // The access the signed-in user has now: a tab drawn for another loads itself afresh.
    if (req.user) reply.header(ACCESS_VERSION_HEADER, accessVersion(req.user));
    if (req.method === 'GET' && !req.url.startsWith('/static/')) reply.header('Vary', 'HX-Request, X-PJAX');
    done(null, payload);
  });

  app.decorateReply('page', function (this: FastifyReply, template: string | TemplateFunction, data: PageData) {
    return sendPage(this, template, data);
  });
});

/**
 * What `reply.page` does, for any reply: the requests Fastify refuses before routing (a bad URL escape,
 * errors.ts) come with a reply that has none of the app's decorations, and still get the app's page.
 */
export async function sendPage(reply: FastifyReply, template: string | TemplateFunction, data: PageData): Promise<FastifyReply> {
  const app = reply.server;
  const req = reply.request;
  // An error page may be drawn before the request gate ran (a refused body): the user first.
  await signedIn(req);
  const partial = isPartial(req);
  const shell: ShellModel | null = partial ? null : await shellModel(app, req);
  // Until the first start's sales history is in, every figure drawn from sales is short: the content
  // area says so (not a panel or popup loading a page into it).
  const historyLoaded = req.user && (!partial || targetsContentArea(req)) ? await salesHistoryProgress(app.db.pool) : null;
  if (partial && req.method === 'GET' && targetsContentArea(req)) {
    // htmx follows redirects inside fetch; the URL we answer is the page's final address. A panel
    // (data-load) or popup loading this page must not push it into the history, so they get no URL.
    reply.header('HX-Push-Url', req.url);
    reply.header('X-PJAX-URL', req.url);
    reply.header('X-PJAX-Version', app.assets.version);
  }
  reply.type('text/html; charset=utf-8');
  const model = {
    ...data,
    storeSelector: data.storeSelector === true,
    partial,
    shell,
    path: req.url.split('?')[0],
    user: req.user,
    // "Change password" only where the user has a password that signs them in (not with passwords off, but for
    // the break-glass user; not for a user the provider made, who has none).
    passwordChange: !!req.user && !!req.session?.hasPassword && passwordSignsIn(app.config, req.user.UserName, req.user.IsSuperAdmin),
    csrfToken: req.session?.csrfToken ?? '',
    version: app.assets.version,
    accessVersion: req.user ? accessVersion(req.user) : '',
    historyNotice: historyLoaded === null ? '' : msg('salesHistoryLoading', historyLoaded),
  };
  const html = await (typeof template === 'string' ? app.view(`pages/${template}.eta`, model) : app.view(template, model));
  return reply.send(html);
}
