// A page for every menu entry. Each one names what it shows; feature issues replace these one by one
// with their real screens (data tables, reports, summaries, charts) by registering the path themselves.
import type { FastifyInstance } from 'fastify';
import { loadMenuRows, accessForPath } from '../shell/menu.ts';
import { allows } from '../../common/roles.ts';
import { msg } from '../../common/messages.ts';
import { sendError } from '../plugins/errors.ts';

interface PagePurpose {
  path: string;
  title: string;
  purpose: string;
}

/** Pages not yet given their own screen by a feature; their text says what the screen will hold. */
const plannedPages: PagePurpose[] = [
  { path: '/stores', title: 'Stores', purpose: 'Every store with its number, city, state, group, open date and status.' },
  { path: '/states', title: 'States', purpose: 'The 50 states and DC with their regions.' },
  { path: '/cycles', title: 'Cycles', purpose: 'Weekly and monthly reporting cycles of the last three years.' },
  { path: '/sales', title: 'Daily sales', purpose: 'Daily sales, transactions and margin per store.' },
  { path: '/summaries', title: 'Summaries', purpose: 'Summary tables of sales by store, state and cycle.' },
  { path: '/charts', title: 'Charts', purpose: 'Charts of sales over time.' },
  { path: '/messages', title: 'Messages', purpose: 'Messages sent to you.' },
  { path: '/alerts', title: 'Alerts', purpose: 'Alerts about your stores.' },
  { path: '/notifications', title: 'Notifications', purpose: 'Notifications from the system.' },
  { path: '/admin/groups', title: 'Groups', purpose: 'User and store groups.' },
  { path: '/admin/menus', title: 'Menus', purpose: 'The side menu entries and who sees them.' },
  { path: '/admin/audit', title: 'Audit log', purpose: 'Every change made through the tables: who, when, before and after.' },
];

export default async function menuPages(app: FastifyInstance) {
  app.get('/', async (_req, reply) => reply.page('dashboard', { title: 'Dashboard' }));

  for (const page of plannedPages) {
    app.get(page.path, async (req, reply) => {
      // The same rule as the menu entry: a page hidden from the menu is refused, not just hidden.
      const access = accessForPath(await loadMenuRows(app.db.pool), page.path);
      if (!allows(req.signedInUser(), access)) return sendError(req, reply, 403, msg('forbidden'));
      return reply.page('planned', { title: page.title, purpose: page.purpose });
    });
  }
}
