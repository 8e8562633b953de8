// GET /api/common/inbox-summary: the signed-in user's unread counts per kind and newest items of each kind,
// for the header's badges and panel ({ unread, newest }). The browser asks on start and after each
// reconnection of the hub; the hub keeps it current in between.
import type { FastifyInstance } from 'fastify';
import { inboxSummaryOf } from '../../../inbox/inbox-items.ts';

export default async function inboxSummaryRoute(app: FastifyInstance) {
  app.get('/api/common/inbox-summary', async (req) => {
    return inboxSummaryOf(app.db.pool, req.signedInUser().ID);
  });
}
