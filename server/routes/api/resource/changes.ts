// The add, edit and delete half of /api/<resource>: reads the body, runs the change row by row and answers
// { Succeed, Failed, Data, Error }. A body that cannot be read at all gets a 400 with Error set. The hub
// then tells whom the change concerns: an inbox item's recipients, a changed row's earlier editors.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { addRow, deleteRows, editRows, type MutationResult } from '../../../table-api/change/change-rows.ts';
import { readMutationBody } from '../../../table-api/change/change-body.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';
import { announceInboxChange } from '../../../inbox/inbox-events.ts';
import { noticeRowChanges } from '../../../inbox/system/row-changes.ts';

const run = { add: addRow, edit: editRows, delete: deleteRows };

export async function answerChange(
  app: FastifyInstance,
  def: ResourceDef,
  action: 'add' | 'edit' | 'delete',
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<MutationResult | FastifyReply> {
  try {
    const body = readMutationBody(def, action, req.query, req.body);
    const user = req.signedInUser();
    const result = await run[action](app.db.pool, def, user, body);
    announceInboxChange(app, def, action, user, result);
    if (action !== 'add') noticeRowChanges(app, def, action, user, result);
    return result;
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    const refused: MutationResult = { Succeed: [], Failed: [], Data: [], Error: err.message };
    return reply.code(400).send(refused);
  }
}
