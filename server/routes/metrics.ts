// GET /metrics: the instance's metrics in Prometheus' text format (server/metrics/metrics.ts), to whoever
// METRICS_TOKEN and METRICS_ALLOW let read them (metrics/metrics-access.ts); anyone else gets 401 or 403, or,
// with neither set and not asking from this machine, the ordinary 404 as if there were no such page.
import type { FastifyInstance } from 'fastify';
import { metricsGate } from '../metrics/metrics-access.ts';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';

export default async function metricsRoute(app: FastifyInstance) {
  const refusal = metricsGate(app.config.metrics);
  // Not logged per request: Prometheus asks every few seconds, which would bury the staff's requests.
  app.get('/metrics', { config: { public: true }, logLevel: 'warn' }, async (req, reply) => {
    const status = refusal(req);
    if (status === 404) return reply.callNotFound();
    if (status === 401) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(req, reply, 401, msg('metricsTokenRequired'));
    }
    if (status === 403) return sendError(req, reply, 403, msg('metricsAddressRefused'));
    const text = await app.metrics.registry.metrics();
    return reply.type(app.metrics.registry.contentType).send(text);
  });
}
