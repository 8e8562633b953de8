// POST /api/common/inbox/read { ids | kind | all, read }: marks the signed-in user's own items read (or
// unread again): those ids, every item of a kind, or all of them. Answers { changed, unread }, and the hub
// sends the new counts to the user's other tabs.
import type { FastifyInstance } from 'fastify';
import { inboxKinds } from '../../../../common/inbox-kinds.ts';
import { msg } from '../../../messages.ts';
import type { InboxKind } from '../../../../common/inbox-kinds.ts';
import { markRead, type ReadSelection } from '../../../inbox/mark-read.ts';
import { unreadCountsOf } from '../../../inbox/inbox-items.ts';
import { publishUnread } from '../../../inbox/inbox-events.ts';

/** Ids in one request: as many as the table API changes at once would be plenty. */
const MAX_IDS = 1000;

interface ReadBody {
  ids?: number[];
  kind?: InboxKind;
  all?: boolean;
  read: boolean;
}

function selection(body: ReadBody): ReadSelection | null {
  const named = [body.ids !== undefined, body.kind !== undefined, body.all === true].filter(Boolean).length;
  if (named !== 1) return null;
  if (body.ids) return { ids: body.ids };
  if (body.kind) return { kind: body.kind };
  return { all: true };
}

export default async function inboxReadRoute(app: FastifyInstance) {
  app.post<{ Body: ReadBody }>(
    '/api/common/inbox/read',
    {
      schema: {
        body: {
          type: 'object',
          required: ['read'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: MAX_IDS, items: { type: 'integer', minimum: 1 } },
            kind: { type: 'string', enum: inboxKinds.map((k) => k.kind) },
            all: { type: 'boolean' },
            read: { type: 'boolean' },
          },
        },
      },
    },
    async (req, reply) => {
      const which = selection(req.body);
      if (!which) return reply.code(400).send({ error: msg('inboxReadWhich') });
      const user = req.signedInUser();
      const changed = await markRead(app.db.pool, user.ID, which, req.body.read);
      if (changed) await publishUnread(app, user.ID);
      return { changed, unread: await unreadCountsOf(app.db.pool, user.ID) };
    },
  );
}
