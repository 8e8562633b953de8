// Test-only routes, which the test support adds to the app it builds (test/support/app.ts): pages to navigate
// between, a slow page, forced statuses, a "new release" page carrying another app version, an island page,
// and a language file. Browser and server tests drive the real client and shell with them.
import type { FastifyInstance } from 'fastify';
import { msg, type MessageKey } from '../../../server/messages.ts';
import { sendError } from '../../../server/plugins/errors.ts';
import { renderIsland } from '../../../server/islands/render-island.ts';
import { testView } from '../views.ts';
import '../islands/register.ts';

const statusTexts: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  500: 'serverError',
  503: 'serverError',
};

/** What the test language file replaces: enough to see that its strings win over the defaults. */
export const testLanguage = {
  forbidden: 'Keine Berechtigung für diese Seite.',
  sentToIT: 'An die IT gesendet',
  signOut: 'Abmelden',
  storeScopeRegion: 'Alle {0} Filialen in {1}',
  storeScopeRegionPart: '{0} von {1} Filialen in {2}',
  // A resource's words (common/resources/words.ts): a title, a column (a field without a label of its own has
  // its column's), a field labelled apart from its column.
  'stores.title': 'Filialen',
  'stores.City': 'Ort',
  'stores.OpenDate': 'Eröffnet',
  'users.FirstName': 'Vorname',
  'sales.Margin.field': 'Marge (Anteil)',
  // And a value of a column with a fixed set of them.
  'states.Region.NE': 'Nordosten',
};

const pageView = testView('page');
const playgroundView = testView('playground');

export default async function testPageRoutes(app: FastifyInstance) {
  app.get('/test/playground', async (_req, reply) => reply.page(playgroundView, { title: 'Playground' }));

  app.get<{ Querystring: { n?: string } }>('/test/page', async (req, reply) => {
    const n = Number.parseInt(req.query.n ?? '0', 10) || 0;
    return reply.page(pageView, { title: `Page ${n}`, n, next: `/test/page?n=${n + 1}`, island: '' });
  });

  app.get('/test/island', async (_req, reply) =>
    reply.page(pageView, {
      title: 'Island page',
      n: 'island',
      next: '/test/page?n=0',
      island: await renderIsland('demo-counter', { start: 3, label: 'Clicks' }),
    }),
  );

  app.get<{ Querystring: { ms?: string } }>('/test/slow', async (req, reply) => {
    const ms = Math.min(Math.max(Number(req.query.ms) || 0, 0), 20_000);
    // Ends early when the browser gives up, so a timed-out request does not hold the test server open.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      req.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return reply.page(pageView, { title: 'Slow page', n: 'slow', next: '/test/page?n=0', island: '' });
  });

  app.get<{ Params: { code: string } }>('/test/status/:code', async (req, reply) => {
    const status = Number(req.params.code);
    const key = statusTexts[status];
    if (!key) return sendError(req, reply, 404, msg('notFound'));
    return sendError(req, reply, status, msg(key));
  });

  app.get('/test/new-release', async (_req, reply) => {
    reply.header('X-App-Version', 'new-release');
    return reply.page(pageView, { title: 'New release', n: 'new', next: '/test/page?n=0', island: '' });
  });

  // Public, as a real language file is (the sign-in page and the server's start read it without a session).
  app.get('/test/language.json', { config: { public: true } }, async () => testLanguage);
}
