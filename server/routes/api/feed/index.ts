// POST /api/feed/<table>: machines write a table's rows (a till's day of sales, a nightly job's), opened by an
// API token alone (feed/token-gate.ts, before the body is read; no session, no CSRF token), never by a
// signed-in user's session. The body is a JSON array of rows or CSV (feed/feed-rows.ts), each added or
// updated by the table's key with the rules and store scope of an import (feed/feed-write.ts); the answer
// says each row's result in the table API's { Succeed, Failed, Data, Error } shape. An Idempotency-Key makes
// sending it again safe (feed/idempotency.ts). docs/api.md, "The feed for machines", is the contract.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { Refusal, refusalFor } from '../../../plugins/refusals.ts';
import { feedResource } from '../../../feed/feed-tables.ts';
import { feedFormat, feedRows } from '../../../feed/feed-rows.ts';
import { FEED_FILE_NAME, writeFeedRows, type FeedAnswer } from '../../../feed/feed-write.ts';
import { importInsert } from '../../../imports/engine/index.ts';
import { claimKey, idempotencyKey, keepAnswer, releaseKey, requestHash } from '../../../feed/idempotency.ts';

const params = {
  type: 'object',
  required: ['resource'],
  properties: { resource: { type: 'string', maxLength: 60 } },
} as const;

/** An answer as sent: its status and body (kept as such for its Idempotency-Key). */
interface Sent {
  status: number;
  answer: FeedAnswer | { error: string };
}

const feedRoutes: SchemaRoutes = async (app) => {
  const limits = app.config.limits.feed;
  // The body is read whole, up to the feed's own limit, as bytes: its hash is what a request sent again is
  // known by, and it is read as JSON or CSV by its type (feed-rows.ts). Only in this plugin's scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxBytes }, (_req, body, done) => done(null, body));

  app.post(
    '/api/feed/:resource',
    { config: { apiToken: true, csrf: 'none' }, bodyLimit: limits.maxBytes, schema: { params } },
    async (req, reply) => {
      const token = req.apiToken!;
      const def = feedResource(app.resources, req.params.resource)!;
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const key = idempotencyKey(req.headers['idempotency-key']);
      if (key === null) throw new Refusal(400, 'feedIdempotencyKeyBad');
      // The rows first (no database work): a body refused is answered, and kept for its key, as such.
      const read = await refusedOr(req, async () => {
        const format = feedFormat(req.headers['content-type']);
        if (!format) throw new Refusal(415, 'feedBodyType');
        return feedRows(def, format, body, app.config.limits);
      });
      // With a key, the answer is kept in the transaction that ends the write (one commit for both).
      let kept = false;
      const keep = async (client: pg.PoolClient, answer: FeedAnswer) => {
        await keepAnswer(client, token.id, key!, statusOf(answer), answer);
        kept = true;
      };
      const run = async (importId?: number): Promise<Sent> => {
        if (!Array.isArray(read)) return read;
        const answer = await writeFeedRows(app, def, token.user, read, key === undefined ? undefined : keep, importId);
        return { status: statusOf(answer), answer };
      };
      if (key === undefined) return send(reply, await refusedOr(req, () => run()));

      const hash = requestHash(def.name, req.headers['content-type'] ?? '', body);
      // Rows to write: their import's row is made with the claim (one round trip).
      const opens = Array.isArray(read)
        ? (from: string, first: number) => importInsert(def, token.user, FEED_FILE_NAME, 'running', from, first)
        : undefined;
      const claim = await claimKey(app.db.feedPool, token.id, key, { resource: def.name, hash }, limits.idempotencyHours, opens);
      if (claim.kind === 'other-body') throw new Refusal(422, 'feedIdempotencyKeyReused');
      if (claim.kind === 'under-way') throw new Refusal(409, 'feedIdempotencyUnderWay');
      if (claim.kind === 'answered') {
        reply.header('idempotent-replayed', 'true');
        return send(reply, { status: claim.status, answer: claim.answer as Sent['answer'] });
      }
      let sent: Sent;
      try {
        sent = await refusedOr(req, () => run(claim.importId));
      } catch (err) {
        // The server's failure (the database gone midway): the key is let go, so that sending it again runs it.
        await releaseKey(app.db.feedPool, token.id, key).catch((e: unknown) => req.log.error({ err: e }, 'feed: key not released'));
        throw err;
      }
      // A refusal (the body unreadable, say) is kept apart: no write ended.
      if (!kept) await keepAnswer(app.db.feedPool, token.id, key, sent.status, sent.answer);
      return send(reply, sent);
    },
  );
};

/** What `run` gives, or the refusal of the request's body as it is sent (a 4xx, kept for its key like any answer). */
async function refusedOr<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T | Sent> {
  try {
    return await run();
  } catch (err) {
    const refusal = refusalFor(err as Error);
    if (!refusal) throw err;
    req.log.info({ status: refusal.status, reason: (err as Error).message }, 'feed request refused');
    return { status: refusal.status, answer: { error: refusal.text } };
  }
}

function send(reply: FastifyReply, sent: Sent): FastifyReply {
  return reply.code(sent.status).send(sent.answer);
}

/** 200 when a row was written (or found as sent) or none was refused; 422 when every row was. */
function statusOf(answer: FeedAnswer): number {
  return answer.Succeed.length > 0 || answer.Failed.length === 0 ? 200 : 422;
}

export default feedRoutes;
