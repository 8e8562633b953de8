// What a refused request is told, decided in one place for every route: the status and the sentence for
// a refusal of ours, a route schema's, Fastify's own (bad URL, body too large, content type, JSON) and
// PostgreSQL's refusal of a value the request sent. Anything else is not the request's fault: a 500.
import pg from 'pg';
import type { FastifyError } from 'fastify';
import { msg, type MessageKey } from '../messages.ts';
import { schemaRefusal } from './schema-refusal.ts';

/** A request refused with a sentence its sender reads (a 4xx). */
export class Refusal extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, key: MessageKey, ...args: Array<string | number>) {
    super(msg(key, ...args));
    this.name = 'Refusal';
    this.statusCode = statusCode;
  }
}

interface RefusalAnswer {
  status: number;
  text: string;
}

/** Fastify's own refusals by code; any other 4xx of a framework or plugin reads as "not understood". */
const frameworkWords: Record<string, MessageKey> = {
  FST_ERR_BAD_URL: 'requestBadUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'requestUrlTooLong',
  FST_ERR_CTP_BODY_TOO_LARGE: 'requestTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'requestBadContentType',
  FST_ERR_CTP_INVALID_JSON_BODY: 'requestBadJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'requestBadJson',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'requestUnreadable',
};

const statusWords: Record<number, MessageKey> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'notFound' };

/**
 * PostgreSQL's data errors (class 22) that only a value bound from the request can cause in our SQL: a
 * number out of range, text that is not a number or date, NUL. Those our own SQL could cause (a division by
 * zero) stay 500s.
 */
const dataErrorWords: Record<string, MessageKey> = {
  '22001': 'requestTextTooLong',
  '22003': 'requestOutOfRange',
  '22007': 'requestBadValue',
  '22008': 'requestBadValue',
  '22P02': 'requestBadValue',
  '22021': 'requestBadCharacter',
  '22P05': 'requestBadCharacter',
};

/** The answer to a request `err` refuses, or null when `err` is the server's failure. */
export function refusalFor(err: FastifyError | Error): RefusalAnswer | null {
  if (err instanceof Refusal) return { status: err.statusCode, text: err.message };
  if (err instanceof pg.DatabaseError) {
    const key = err.code ? dataErrorWords[err.code] : undefined;
    return key ? { status: 400, text: msg(key) } : null;
  }
  const { statusCode: status, code, validation } = err as FastifyError;
  if (!status || status < 400 || status >= 500) return null;
  if (validation) return { status, text: schemaRefusal(validation) };
  const key = (code ? frameworkWords[code] : undefined) ?? statusWords[status] ?? 'badRequest';
  return { status, text: msg(key) };
}
