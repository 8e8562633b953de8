// The list half of /api/<resource>: GET, or POST with a DataTables body. Parses either dialect, runs the
// query and answers in the same dialect; a refused request gets a 400 with the reason in sError/error.
// Reading the request needs no user, so it is done in a preValidation hook, while the session lookup is
// under way (plugins/session.ts); its verdict is given only after the access checks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../../messages.ts';
import type { ResourceDef } from '../../../resources/resource-def.ts';
import {
  detectDialect,
  isListRequest,
  parseTableRequest,
  readEcho,
  type Dialect,
  type TableRequest,
} from '../../../table-api/request/table-request.ts';
import { listRows } from '../../../table-api/list/list.ts';
import { listError, listResponse } from '../../../table-api/list/list-response.ts';
import { toParams, type Params } from '../../../table-api/request/params.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The list request this request carries, as `readListHook` read it; null when it carries none (a POST
     * that adds a row).
     */
    tableList: ReadList | null;
  }
}

/** A list request as read: the request, or why it was refused (answered in its dialect, with its echo). */
type ReadList = { request: TableRequest } | { refused: TableRequestError; dialect: Dialect; echo: number };

function readList(def: ResourceDef, params: Params): ReadList {
  try {
    return { request: parseTableRequest(def, params) };
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    const dialect = detectDialect(params);
    return { refused: err, dialect, echo: readEcho(params, dialect) };
  }
}

/**
 * A request that could not even be read into parameters (too many, too deeply nested, a NUL in one): refused
 * in the dialect and with the echo its plain top-level values show.
 */
function unreadable(err: TableRequestError, ...sources: unknown[]): ReadList {
  const plain: Params = new Map();
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) {
      // A repeated parameter (a list) names its dialect as well as a single one.
      const values = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number');
      if (values.length > 0) plain.set(key, values.map(String));
    }
  }
  const dialect = detectDialect(plain);
  return { refused: err, dialect, echo: readEcho(plain, dialect) };
}

/**
 * A POST whose body names one of the resource's fields is a row to add, whatever else it carries: a stray
 * `start` in it is then refused by name, rather than the row being taken for a list request and dropped.
 */
function carriesFields(def: ResourceDef, body: unknown): boolean {
  return !!body && typeof body === 'object' && !Array.isArray(body) && def.fields.some((f) => Object.hasOwn(body, f.name));
}

/** The list request a request to /api/<resource> carries, if any. */
function carriedList(def: ResourceDef, req: FastifyRequest): ReadList | null {
  if (req.method === 'POST' && carriesFields(def, req.body)) return null;
  let params: Params;
  try {
    params = toParams(req.query, req.body);
  } catch (err) {
    if (!(err instanceof TableRequestError)) throw err;
    return unreadable(err, req.query, req.body);
  }
  // HEAD is the GET route's too (Fastify answers it with the GET handler, without the body).
  return req.method === 'GET' || req.method === 'HEAD' || isListRequest(params) ? readList(def, params) : null;
}

/** Gives the routes' requests their `tableList`: null until their preValidation reads it. */
export function decorateTableList(app: FastifyInstance): void {
  app.decorateRequest('tableList', null);
}

/** The preValidation hook of the routes that may carry a list request: reads it into `req.tableList`. */
export function readListHook(def: ResourceDef) {
  return async (req: FastifyRequest) => {
    req.tableList = carriedList(def, req);
  };
}

export async function answerList(app: FastifyInstance, def: ResourceDef, req: FastifyRequest, reply: FastifyReply, read: ReadList) {
  if ('refused' in read) return refuse(def, req, reply, read.dialect, read.echo, read.refused);
  const { request } = read;
  try {
    const result = await listRows(app.db.reads(req).pool, def, request, req.signedInUser(), app.resources, app.config.limits.lists);
    return listResponse(request, result);
  } catch (err) {
    if (err instanceof TableRequestError) return refuse(def, req, reply, request.dialect, request.echo, err);
    // Not this list's failure: the error handler says the database is unavailable (503), as for any request.
    if (isDatabaseUnavailable(err)) throw err;
    req.log.error({ err, resource: def.name }, 'list request failed');
    return reply.code(500).send(listError(request.dialect, request.echo, msg('serverError')));
  }
}

function refuse(def: ResourceDef, req: FastifyRequest, reply: FastifyReply, dialect: Dialect, echo: number, err: TableRequestError) {
  req.log.info({ resource: def.name, reason: err.message }, 'list request refused');
  return reply.code(400).send(listError(dialect, echo, err.message));
}
