// GET /healthz: 200 when the database answers, 503 when it does not. For load balancers and operators.
// With a read replica (DATABASE_READ_URL) it also says whether the replica is read, and if not why; the log
// says so whenever that changes. The replica never makes the answer 503: the primary serves its reads.
import type { FastifyInstance } from 'fastify';
import type { ReplicaState } from '../db/read-replica.ts';

export default async function healthRoute(app: FastifyInstance) {
  const replica = app.db.replica;
  if (replica) {
    const tell = (state: ReplicaState) => logReplica(app, state);
    replica.on('state', tell);
    app.addHook('onClose', async () => void replica.off('state', tell));
  }
  app.get('/healthz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    try {
      const database = await app.db.health();
      return { status: 'ok', database, version: app.assets.version, ...(replica && { replica: replica.state }) };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not reachable.' });
    }
  });
}

function logReplica(app: FastifyInstance, state: ReplicaState): void {
  if (state.used) app.log.info({ replica: state }, 'the read replica is read');
  else app.log.warn({ replica: state }, `the read replica is not read (${state.reason}): reads go to the primary`);
}
