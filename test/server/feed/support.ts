// What the feed's tests share: issuing a token as an administrator through /api/tokens, and sending a feed
// request with it.
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SignedIn } from '../../support/app.ts';

/** A day a year from today (yyyy-mm-dd): a token's expiry in the tests. */
export const A_YEAR_ON = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

export interface Issued {
  id: number;
  token: string;
}

/** Adds a token (by `admin`) with these values; its id and its secret, from the add's answer. */
export async function issueToken(admin: SignedIn, values: Record<string, unknown>): Promise<Issued> {
  const res = await admin.inject({
    method: 'POST',
    url: '/api/tokens',
    payload: { Name: 'Tills', Tables: ['sales'], ExpiresOn: A_YEAR_ON, ...values },
  });
  assert.equal(res.statusCode, 200, res.body);
  const row = res.json().Data[0];
  return { id: row.TokenID, token: row.Token };
}

/** POST /api/feed/<table> with `token` (if any), a JSON body unless `contentType` says otherwise. */
export function feed(
  app: FastifyInstance,
  token: string | undefined,
  table: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: `/api/feed/${table}`,
    payload: text,
    headers: {
      'content-type': 'application/json',
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...headers,
    },
  });
}
