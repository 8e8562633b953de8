// A route schema's refusal in words a person reads: which value, and what it must be ("The value of "added"
// must be a whole number."), not the validator's "querystring/added must be integer". Fastify stops at the
// first failed rule, so that one is named.
import type { FastifySchemaValidationError } from 'fastify';
import { msg } from '../../common/messages.ts';
import { quoteName } from '../table-api/request/request-error.ts';

export function schemaRefusal(failed: ReadonlyArray<FastifySchemaValidationError>): string {
  const first = failed[0];
  if (!first) return msg('requestUnreadable');
  const params = first.params;
  const name = valueName(first);
  // The query, the body or the path itself is not an object of values (a JSON list sent as the body).
  if (!name) return msg('requestUnreadable');
  const quoted = quoteName(name);
  switch (first.keyword) {
    case 'type': {
      // One type or several ("integer,null").
      const types = String(params.type).split(',');
      return types.includes('integer') ? msg('requestNotWhole', quoted) : types.includes('number') ? msg('requestNotNumber', quoted) : msg('requestWrongKind', quoted);
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return msg('requestBelowMin', quoted, limit(params));
    case 'maximum':
    case 'exclusiveMaximum':
      return msg('requestAboveMax', quoted, limit(params));
    case 'minLength':
      return msg('requestTooShort', quoted, limit(params));
    case 'maxLength':
      return msg('requestTooLong', quoted, limit(params));
    case 'required':
      return msg('requestMissing', quoted);
    case 'additionalProperties':
      return msg('requestUnexpected', quoted);
    default:
      return msg('requestNotAccepted', quoted);
  }
}

const limit = (params: Record<string, unknown>): string => String(params.limit);

/** The top-level value the rule is about: its path's first step, or the property a presence rule names. */
function valueName(failed: FastifySchemaValidationError): string {
  const named = failed.params.missingProperty ?? failed.params.additionalProperty;
  if (typeof named === 'string') return named;
  return failed.instancePath.split('/')[1] ?? '';
}
