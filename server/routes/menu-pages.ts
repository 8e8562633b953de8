// The rule every page reached from the side menu follows: a page hidden from the menu is refused, not just
// hidden (summaries and charts call it; table screens and their detail pages add their list rule:
// table-screen/table-access.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadMenuRows, accessForPath } from '../shell/menu.ts';
import { allows } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';

/**
 * The same rule as the page's menu entry: a page hidden from the menu is refused, not just hidden. The
 * refusal, sent, or undefined when the user may see the page.
 */
export async function menuRefusal(req: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply | undefined> {
  const access = accessForPath(await loadMenuRows(req.server.db.pool), path);
  return allows(req.signedInUser(), access) ? undefined : sendError(req, reply, 403, msg('forbidden'));
}
