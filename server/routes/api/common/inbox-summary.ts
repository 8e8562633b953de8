// GET /api/common/inbox-summary: the signed-in user's unread counts per kind and newest items of each kind,
// for the header's badges and panel ({ unread, newest }). The browser asks on start and after each
// reconnection of the hub; the hub keeps it current in between.
import type { FastifyInstance } from 'fastify';
import { newestItems, unreadCountsOf } from '../../../inbox/inbox-items.ts';

export default async function inboxSummaryRoute(app: FastifyInstance) {
  app.get('/api/common/inbox-summary', async (req) => {
    const user = req.signedInUser();
    const [unread, newest] = await Promise.all([unreadCountsOf(app.db.pool, user.ID), newestItems(app.db.pool, user.ID)]);
    return { unread, newest };
  });
}
