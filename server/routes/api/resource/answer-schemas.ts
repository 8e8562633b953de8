// What /api/<resource> answers, as Fastify response schemas built from the resource definition: the
// contract written down, and a serializer that writes only what it declares. Rows are objects keyed by
// column name; a value is of its column's type, or null (a left join found nothing, a column was empty).
import type { ValueType } from '../../../../common/resources/types.ts';
import type { ColumnDef, ResourceDef } from '../../../resources/resource-def.ts';
import { optionColumns } from '../../../table-api/change/choices.ts';
import { errorAnswer, errorAnswers } from '../error-answer.ts';

/** The JSON types of a column's values as the database hands them over (server/db/index.ts). */
const jsonTypes: Record<ValueType, ReadonlyArray<string>> = {
  text: ['string'],
  integer: ['integer'],
  // numeric stays text, exact to the last decimal; a floating-point column comes as a number.
  number: ['string', 'number'],
  boolean: ['boolean'],
  date: ['string'],
  datetime: ['string'],
};

function columnValue(columns: ReadonlyArray<ColumnDef>) {
  return { type: [...new Set(columns.flatMap((c) => jsonTypes[c.type])), 'null'] };
}

function rows(def: ResourceDef, secret?: string) {
  const row = {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(def.columns.map((c) => [c.name, columnValue([c])])),
      ...(secret && { [secret]: { type: 'string' } }),
    },
  };
  return { type: 'array', items: row };
}

const count = { type: 'integer' };
const text = { type: 'string' };
const textOrNull = { type: ['string', 'null'] };

/** A list answer or its refusal, in either dialect: an answer carries only its own dialect's properties. */
function listAnswer(def: ResourceDef) {
  const totals = Object.fromEntries(def.columns.filter((c) => c.total).map((c) => [c.name, { type: ['number', 'string', 'null'] }]));
  const totalsObject = { type: 'object', additionalProperties: false, properties: totals };
  // A group's values are of its grouping columns, which may be any sortable column.
  const group = {
    type: 'object',
    additionalProperties: false,
    required: ['values', 'count', 'totals'],
    properties: { values: { type: 'array', items: columnValue(def.columns.filter((c) => c.sortable)) }, count, totals: totalsObject },
  };
  return {
    sEcho: count,
    iTotalRecords: count,
    iTotalDisplayRecords: count,
    aaData: rows(def),
    sError: text,
    draw: count,
    recordsTotal: count,
    recordsFiltered: count,
    data: rows(def),
    error: text,
    totals: { ...totalsObject, type: ['object', 'null'] },
    groups: { type: ['array', 'null'], items: group },
    totalsSyncedAt: textOrNull,
    countIsEstimate: { type: 'boolean' },
    totalIsEstimate: { type: 'boolean' },
    filteredIsEstimate: { type: 'boolean' },
    syncedAt: text,
    next: textOrNull,
    prev: textOrNull,
  };
}

/** An add, edit or delete's outcome, { Succeed, Failed, Data, Error } (table-api/change/change-answer.ts). */
function changeAnswer(def: ResourceDef) {
  const failed = {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'error'],
    properties: {
      key: { type: ['integer', 'null'] },
      error: text,
      fields: { type: 'object', additionalProperties: text },
      conflict: { type: 'boolean' },
      forbidden: { type: 'boolean' },
    },
  };
  return {
    Succeed: { type: 'array', items: { type: 'integer' } },
    Failed: { type: 'array', items: failed },
    // An add that issues a secret (an API token) carries it in its row, once.
    Data: rows(def, def.issuesSecret?.shows),
    Error: textOrNull,
    UndoID: { type: 'integer' },
  };
}

/** An answer that is one of several kinds, each of which carries only its own properties. */
function oneKindOf(...kinds: ReadonlyArray<Record<string, unknown>>) {
  return { type: 'object', properties: Object.assign({}, ...kinds) };
}

/**
 * GET or POST /api/<name>: a list, its refusal or failure, or for a POST that adds, the add's outcome (a 503
 * too, when the database failed under it: row-transactions.ts).
 */
export function listOrAddAnswers(def: ResourceDef) {
  const answer = oneKindOf(listAnswer(def), changeAnswer(def));
  return { ...errorAnswers, 200: answer, 400: answer, 403: answer, 409: answer, 422: answer, 500: answer, 503: answer };
}

/**
 * PATCH and DELETE /api/<name>: the change's outcome; a body that cannot be read is refused in the same shape,
 * as is a change whose every row was refused (403, 409, 422), and a change the database failed midway answers
 * 503 in it (or with the app's `{ error }` when it failed before the first row).
 */
export function changeAnswers(def: ResourceDef) {
  const answer = { type: 'object', required: ['Succeed', 'Failed', 'Data', 'Error'], properties: changeAnswer(def) };
  const outcomeOrError = oneKindOf(changeAnswer(def), errorAnswer.properties);
  // Refused whole (403, 409, 422: changes.ts), or refused by the gate before it ran ({ error }).
  return {
    ...errorAnswers,
    200: answer,
    400: outcomeOrError,
    403: outcomeOrError,
    409: outcomeOrError,
    422: outcomeOrError,
    503: outcomeOrError,
  };
}

/** POST /api/<name>/undo: the undo's outcome in the change's shape, or its refusal (403, 409). */
export function undoAnswers(def: ResourceDef) {
  return changeAnswers(def);
}

/** POST /api/<name>/undo's body: the UndoID an edit's or delete's answer gave. */
export const undoBodySchema = {
  type: 'object',
  required: ['UndoID'],
  properties: { UndoID: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/**
 * GET /api/<name>/options: { options: [{ value, label }], more }, of the columns the fields choose among (in
 * the resources the app serves, `served`).
 */
export function choicesAnswers(def: ResourceDef, served: ReadonlyArray<ResourceDef>) {
  const columns = def.fields.flatMap((f) => (f.options ? [optionColumns(f.options, served)] : []));
  // A list of codes' choices are codes and names: text, as its column is.
  const links = def.columns.filter((c) => c.links);
  const choice = {
    type: 'object',
    additionalProperties: false,
    required: ['value', 'label'],
    properties: {
      value: columnValue([...columns.map((c) => c.value), ...links]),
      label: columnValue([...columns.map((c) => c.label), ...links]),
    },
  };
  return {
    ...errorAnswers,
    200: {
      type: 'object',
      required: ['options', 'more'],
      properties: { options: { type: 'array', items: choice }, more: { type: 'boolean' } },
    },
  };
}
