// POST /api/common/inbox/read { ids | kind | all, read }: marks the signed-in user's own items read (or
// unread again): those ids, every item of a kind, or all of them. Answers { changed, unread }, and the hub
// sends the new counts to the user's other tabs.
import type { FromSchema } from 'json-schema-to-ts';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { inboxKinds } from '../../../../common/inbox-kinds.ts';
import { msg } from '../../../messages.ts';
import { markRead, type ReadSelection } from '../../../inbox/mark-read.ts';
import { unreadCountsOf } from '../../../inbox/inbox-items.ts';
import { publishUnread } from '../../../inbox/inbox-events.ts';

/** Ids in one request: as many as the table API changes at once would be plenty. */
const MAX_IDS = 1000;

const readBody = {
  type: 'object',
  required: ['read'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: MAX_IDS, items: { type: 'integer', minimum: 1 } },
    kind: { type: 'string', enum: inboxKinds.map((k) => k.kind) },
    all: { type: 'boolean' },
    read: { type: 'boolean' },
  },
} as const;

type ReadBody = FromSchema<typeof readBody>;

function selection(body: ReadBody): ReadSelection | null {
  const named = [body.ids !== undefined, body.kind !== undefined, body.all === true].filter(Boolean).length;
  if (named !== 1) return null;
  if (body.ids) return { ids: body.ids };
  if (body.kind) return { kind: body.kind };
  return { all: true };
}

const inboxReadRoute: SchemaRoutes = async (app) => {
  app.post('/api/common/inbox/read', { schema: { body: readBody } }, async (req, reply) => {
    const which = selection(req.body);
    if (!which) return reply.code(400).send({ error: msg('inboxReadWhich') });
    const user = req.signedInUser();
    const changed = await markRead(app.db.pool, user.ID, which, req.body.read);
    if (changed) await publishUnread(app, user.ID);
    return { changed, unread: await unreadCountsOf(app.db.pool, user.ID) };
  });
};

export default inboxReadRoute;
