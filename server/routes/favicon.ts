// GET /favicon.ico: the app's icon where a browser looks for one by itself, as it does for a tab showing no
// page of ours (a PDF report opened in its own tab). Pages name static/favicon.svg; this is the same drawing
// as an .ico, sent from static/ with its cache rules, and never a 404 in the log.
import type { FastifyInstance } from 'fastify';

export default async function faviconRoute(app: FastifyInstance) {
  app.get('/favicon.ico', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => reply.sendFile('favicon.ico'));
}
