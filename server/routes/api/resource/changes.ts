// The add, edit and delete half of /api/<resource>: reads the body, runs the change row by row and answers
// { Succeed, Failed, Data, Error }. A body that cannot be read at all gets a 400 with Error set. A change the
// database failed midway gets a 503 in the same shape: the rows that went in, and those that did not. Where
// no row went in, the status says why, in the same shape (docs/api.md, "Changes"): 403 when every row was
// refused for the user's access, 409 when a row had changed or gone since it was read, else 422 (the values
// sent were refused). Any row changed: 200. The hub then tells whom the rows that went in concern: an inbox
// item's recipients, a changed row's earlier editors. Every row changed is recorded in the audit log, which
// this route hands the table API with what follows from the rows as the resource declares it (its followUp:
// change-follow-up.ts). An edit or delete keeps what its undo needs and answers its UndoID;
// POST /api/<resource>/undo takes it back (answerUndo).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import type { MutationResult } from '../../../table-api/change/change-answer.ts';
import { addRow, deleteRows, editRows } from '../../../table-api/change/change-rows.ts';
import { ChangeCutShort, type ChangeWork } from '../../../table-api/change/row-transactions.ts';
import { undoChange, UndoRefused } from '../../../table-api/change/undo-rows.ts';
import { readMutationBody } from '../../../table-api/change/change-body.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';
import { auditLog } from '../../../audit/audit-log.ts';
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
  const user = req.signedInUser();
  const announce = (result: MutationResult) => {
    announceInboxChange(app, def, action, user, result);
    if (action !== 'add') noticeRowChanges(app, def, action, user, result);
  };
  try {
    const body = readMutationBody(def, action, req.query, req.body);
    const result = await run[action](changeWork(app, def, action !== 'add'), def, user, body);
    announce(result);
    return reply.code(statusOf(result)).send(result);
  } catch (err) {
    if (err instanceof ChangeCutShort) {
      req.log.error({ err: err.cause }, 'database unavailable midway through a change');
      announce(err.result);
      return reply.code(503).send(err.result);
    }
    if (!(err instanceof TableRequestError)) throw err;
    const refused: MutationResult = { Succeed: [], Failed: [], Data: [], Error: err.message };
    return reply.code(400).send(refused);
  }
}

/**
 * What the table API is handed for a change of `def`'s rows: the database, the resources served, the audit
 * log, and what follows from the rows as `def` declares it (its followUp), made afresh for each change.
 */
function changeWork(app: FastifyInstance, def: ResourceDef, undoable: boolean): ChangeWork {
  return { pool: app.db.pool, served: app.resources, log: auditLog, undoable, followUp: def.followUp?.(app) };
}

/**
 * POST /api/<resource>/undo { UndoID }: puts back the rows of the user's own edit or delete, answered in the
 * change's shape (the rows restored in Succeed, those that could not be in Failed, each with why); refused
 * whole (Error) when the change is not theirs (403), unknown, already undone or past its time (409). Those
 * whom the change concerned hear of its undoing as of any change.
 */
export async function answerUndo(
  app: FastifyInstance,
  def: ResourceDef,
  undoId: number,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<MutationResult | FastifyReply> {
  const user = req.signedInUser();
  const announce = (result: MutationResult, action: 'add' | 'edit') => {
    announceInboxChange(app, def, action, user, result);
    noticeRowChanges(app, def, 'edit', user, result);
  };
  try {
    const { action, result } = await undoChange(changeWork(app, def, false), def, user, undoId);
    // A row a delete's undo put back is added again; an edit's undo is an edit.
    announce(result, action === 'delete' ? 'add' : 'edit');
    return reply.code(statusOf(result)).send(result);
  } catch (err) {
    if (err instanceof ChangeCutShort) {
      req.log.error({ err: err.cause }, 'database unavailable midway through an undo');
      announce(err.result, 'edit');
      return reply.code(503).send(err.result);
    }
    if (!(err instanceof UndoRefused)) throw err;
    const refused: MutationResult = { Succeed: [], Failed: [], Data: [], Error: err.message };
    return reply.code(err.status).send(refused);
  }
}

/** The status of a change's answer: 200 when a row went in, else what refused them all (see above). */
function statusOf(result: MutationResult): number {
  if (result.Succeed.length > 0 || result.Failed.length === 0) return 200;
  if (result.Failed.every((f) => f.forbidden)) return 403;
  if (result.Failed.some((f) => f.conflict)) return 409;
  return 422;
}
