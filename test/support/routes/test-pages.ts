// Test-only routes, registered only when config.testRoutes is on (the test suite), never in production:
// pages to navigate between, a slow page, forced statuses, a "new release" page carrying another app
// version, an island page, and a language file. Browser tests and benchmarks drive the real client with them.
import type { FastifyInstance } from 'fastify';
import { msg, type MessageKey } from '../../common/messages.ts';
import { sendError } from '../plugins/errors.ts';
import { renderIsland } from '../islands/render-island.ts';

const statusTexts: Record<number, MessageKey> = { 400: 'badRequest', 401: 'unauthenticated', 403: 'forbidden', 404: 'notFound', 500: 'serverError', 503: 'serverError' };

/** What the test language file replaces: enough to see that its strings win over the defaults. */
export const testLanguage = { forbidden: 'Keine Berechtigung für diese Seite.', sentToIT: 'An die IT gesendet' };

export default async function testSupportRoutes(app: FastifyInstance) {
  app.get('/test/playground', async (_req, reply) => reply.page('test/playground', { title: 'Playground' }));

  app.get<{ Querystring: { n?: string } }>('/test/page', async (req, reply) => {
    const n = Number.parseInt(req.query.n ?? '0', 10) || 0;
    return reply.page('test/page', { title: `Page ${n}`, n, next: `/test/page?n=${n + 1}`, island: '' });
  });

  app.get('/test/island', async (_req, reply) =>
    reply.page('test/page', { title: 'Island page', n: 'island', next: '/test/page?n=0', island: await renderIsland('demo-counter', { start: 3, label: 'Clicks' }) }),
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
    return reply.page('test/page', { title: 'Slow page', n: 'slow', next: '/test/page?n=0', island: '' });
  });

  app.get<{ Params: { code: string } }>('/test/status/:code', async (req, reply) => {
    const status = Number(req.params.code);
    const key = statusTexts[status];
    if (!key) return sendError(req, reply, 404, msg('notFound'));
    return sendError(req, reply, status, msg(key));
  });

  app.get('/test/new-release', async (_req, reply) => {
    reply.header('X-App-Version', 'new-release');
    return reply.page('test/page', { title: 'New release', n: 'new', next: '/test/page?n=0', island: '' });
  });

  app.get('/test/language.json', async () => testLanguage);
}
