// The body of every refusal and failure of the JSON API, { error }: the reason in words (plugins/errors.ts
// and the routes' own refusals), as a response schema for the routes to declare.
export const errorAnswer = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
} as const;

/** The response schemas of the statuses a route answers only with `errorAnswer`. */
export const errorAnswers = { '4xx': errorAnswer, '5xx': errorAnswer } as const;
