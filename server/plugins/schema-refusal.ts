// A route schema's refusal in words a person reads: which value, and what it must be ("The value of "added"
// must be a whole number."), not the validator's "querystring/added must be integer". Fastify stops at the
// first failed rule, so that one is named.
import type { FastifySchemaValidationError } from 'fastify';
import { msg } from '../messages.ts';
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
      return types.includes('integer')
        ? msg('requestNotWhole', quoted)
        : types.includes('number')
          ? msg('requestNotNumber', quoted)
          : msg('requestWrongKind', quoted);
    }
    case 'minimum':
      return msg('requestBelowMin', quoted, limit(params));
    case 'maximum':
      return msg('requestAboveMax', quoted, limit(params));
    case 'minLength':
      return msg('requestTooShort', quoted, limit(params));
    case 'maxLength':
      return msg('requestTooLong', quoted, limit(params));
    case 'required':
      return msg('requestMissing', quoted);
    default:
      return msg('requestNotAccepted', quoted);
  }
}

const limit = (params: Record<string, unknown>): string => String(params.limit);

/**
 * The top-level value the rule is about: its path's first step, or the property a presence rule names. (An
 * unexpected property is never refused: Fastify's validator drops those a schema does not allow.)
 */
function valueName(failed: FastifySchemaValidationError): string {
  const missing = failed.params.missingProperty;
  return typeof missing === 'string' ? missing : (failed.instancePath.split('/')[1] ?? '');
}
