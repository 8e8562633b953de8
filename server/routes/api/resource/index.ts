// Mounts the table API for every resource definition (common/resources):
//   GET    /api/<name>          list, in either DataTables dialect
//   POST   /api/<name>          list when the body is a table request (it has draw/sEcho/start/length or
//                               their legacy names), otherwise add one row
//   PATCH  /api/<name>          edit one row (key) or many (plural key), each with its version
//   DELETE /api/<name>          delete one or many rows, each with its version
//   GET    /api/<name>/export   every filtered row as CSV or an Excel workbook (the list's own parameters)
//   GET    /api/<name>/options  the choices of a select field, for whoever may add or edit through it
// Each action checks the definition's permission here, on the server, whatever the browser shows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../../../common/messages.ts';
import { allows } from '../../../../common/roles.ts';
import { resources } from '../../../resources/index.ts';
import type { Action } from '../../../../common/resources/types.ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import { isListRequest } from '../../../table-api/request/table-request.ts';
import { toParams, type Params } from '../../../table-api/request/params.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';
import { sendError } from '../../../plugins/errors.ts';
import { answerChange } from './changes.ts';
import { answerChoices } from './options.ts';
import { answerExport } from './export.ts';
import { answerList, readList, unreadable, type ReadList } from './list.ts';

function permitted(req: FastifyRequest, def: ResourceDef, action: Action): boolean {
  const rule = def.access[action];
  return rule !== false && allows(req.user!, rule);
}

/**
 * List requests read in preValidation (resource-list.ts), before the user is known; the handler answers.
 * A POST that is not a list request (an add) reads nothing here.
 */
const readLists = new WeakMap<FastifyRequest, ReadList>();

/**
 * A POST whose body names one of the resource's fields is a row to add, whatever else it carries: a stray
 * `start` in it is then refused by name, rather than the row being taken for a list request and dropped.
 */
function carriesFields(def: ResourceDef, body: unknown): boolean {
  return !!body && typeof body === 'object' && !Array.isArray(body) && def.fields.some((f) => Object.hasOwn(body, f.name));
}

function readListHook(def: ResourceDef) {
  return async (req: FastifyRequest) => {
    if (req.method === 'POST' && carriesFields(def, req.body)) return;
    let params: Params;
    try {
      params = toParams(req.query, req.body);
    } catch (err) {
      if (!(err instanceof TableRequestError)) throw err;
      readLists.set(req, unreadable(err, req.query, req.body));
      return;
    }
    // HEAD is the GET route's too (Fastify answers it with the GET handler, without the body).
    if (req.method === 'GET' || req.method === 'HEAD' || isListRequest(params)) readLists.set(req, readList(def, params));
  };
}

export default async function resourceRoutes(app: FastifyInstance) {
  for (const def of resources) {
    const path = `/api/${def.name}`;
    const preValidation = readListHook(def);

    app.get(path, { preValidation }, async (req, reply) => {
      if (!permitted(req, def, 'list')) return sendError(req, reply, 403, msg('forbidden'));
      return answerList(app, def, req, reply, readLists.get(req)!);
    });

    app.post(path, { preValidation }, async (req, reply) => {
      const read = readLists.get(req);
      if (read) {
        if (!permitted(req, def, 'list')) return sendError(req, reply, 403, msg('forbidden'));
        return answerList(app, def, req, reply, read);
      }
      if (!permitted(req, def, 'add')) return sendError(req, reply, 403, msg('forbidden'));
      return answerChange(app, def, 'add', req, reply);
    });

    // GET and HEAD (which must not run the whole export only to drop it: Fastify's own HEAD would).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${path}/export`,
      exposeHeadRoute: false,
      handler: async (req, reply) => {
        if (!permitted(req, def, 'export')) return sendError(req, reply, 403, msg('forbidden'));
        return answerExport(app, def, req, reply);
      },
    });

    app.get(`${path}/options`, async (req, reply) => answerChoices(app.db.pool, def, req, reply, (action) => permitted(req, def, action)));

    app.patch(path, async (req, reply) => {
      if (!permitted(req, def, 'edit')) return sendError(req, reply, 403, msg('forbidden'));
      return answerChange(app, def, 'edit', req, reply);
    });

    app.delete(path, async (req, reply) => {
      if (!permitted(req, def, 'delete')) return sendError(req, reply, 403, msg('forbidden'));
      return answerChange(app, def, 'delete', req, reply);
    });
  }
}
