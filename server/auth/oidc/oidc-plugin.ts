// Gives the app its client at the company's identity provider (`app.oidc`, null when none is configured),
// registered before the sessions, which ask it whether a provider session still stands (provider-sessions.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { providerClient, type ProviderClient } from './provider-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    oidc: ProviderClient | null;
  }
}

export default fp(async function oidc(app: FastifyInstance) {
  app.decorate('oidc', app.config.oidc ? providerClient(app.config.oidc) : null);
});
