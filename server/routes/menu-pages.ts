// A page for every menu entry. Each one names what it shows; feature issues replace these one by one
// with their real screens (data tables, reports, summaries, charts) by registering the path themselves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  { path: '/messages', title: 'Messages', purpose: 'Messages sent to you.' },
  { path: '/alerts', title: 'Alerts', purpose: 'Alerts about your stores.' },
  { path: '/notifications', title: 'Notifications', purpose: 'Notifications from the system.' },
  { path: '/admin/groups', title: 'Groups', purpose: 'User and store groups.' },
  { path: '/admin/menus', title: 'Menus', purpose: 'The side menu entries and who sees them.' },
  { path: '/admin/audit', title: 'Audit log', purpose: 'Every change made through the tables: who, when, before and after.' },
];

/**
 * The same rule as the page's menu entry: a page hidden from the menu is refused, not just hidden. The
 * refusal, sent, or undefined when the user may see the page.
 */
export async function menuRefusal(req: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply | undefined> {
  const access = accessForPath(await loadMenuRows(req.server.db.pool), path);
  return allows(req.signedInUser(), access) ? undefined : sendError(req, reply, 403, msg('forbidden'));
}

export default async function menuPages(app: FastifyInstance) {
  for (const page of plannedPages) {
    app.get(page.path, async (req, reply) => {
      return (await menuRefusal(req, reply, page.path)) ?? reply.page('planned', { title: page.title, purpose: page.purpose });
    });
  }
}
