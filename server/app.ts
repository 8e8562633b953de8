// Builds the Fastify app around an open database. main.ts runs it; tests build it with their own database.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import view from '@fastify/view';
import { Eta } from 'eta';
import { viewsDir } from './paths.ts';
import type { Config } from './config.ts';
import { fastifyTrustProxy } from './trusted-proxies.ts';
import type { Database } from './db/index.ts';
import { loadAssets, staticDir, type Assets } from './assets.ts';
import { staticFileRules } from './static-files.ts';
import sessions from './plugins/session.ts';
import csrf from './plugins/csrf.ts';
import partialPages from './plugins/partial-pages.ts';
import requestGate from './plugins/request-gate.ts';
import errors from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import loginRoutes from './routes/login.ts';
import currentUserRoute from './routes/api/common/current-user.ts';
import storesRoute from './routes/api/common/stores.ts';
import healthRoute from './routes/healthz.ts';
import menuPages from './routes/menu-pages.ts';
import userErrorReportRoute from './routes/api/admin/user-error.ts';
import userErrorsPage from './routes/admin/user-errors.ts';
import validUsernameRoute from './routes/api/common/valid-username.ts';
import userAdminRoutes from './routes/admin/users/index.ts';
import reportRoutes from './routes/reports/reports-page.ts';
import reportsApiRoute from './routes/api/common/reports.ts';
import reportStreamRoute from './routes/api/common/report.ts';
import pdfEngine from './reports/pdf/pdf-plugin.ts';
import resourceRoutes from './routes/api/resource/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** The browser bundle the pages load: by default the app's (static/build/); the browser tests give their own. */
  assets?: Assets;
}

export async function buildApp({ config, db, logger = false, assets = loadAssets() }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('assets', assets);

  // The session lookup is the first thing a request starts (its onRequest hook runs before the others'):
  // the database works on it while the rest of the request's hooks run.
  await app.register(cookie);
  await app.register(sessions);
  await app.register(securityHeaders);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(view, {
    engine: { eta: new Eta({ views: viewsDir, cache: true }) },
    root: viewsDir,
  });
  // Static files need no session (the sign-in page uses them too).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/static/')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(fastifyStatic, { root: staticDir, prefix: '/static/', ...staticFileRules(config) });

  await app.register(errors);
  await app.register(partialPages);
  await app.register(csrf);
  await app.register(requestGate);
  await app.register(pdfEngine);

  await app.register(healthRoute);
  await app.register(loginRoutes);
  await app.register(currentUserRoute);
  await app.register(storesRoute);
  await app.register(validUsernameRoute);
  await app.register(userAdminRoutes);
  await app.register(reportRoutes);
  await app.register(reportsApiRoute);
  await app.register(reportStreamRoute);
  await app.register(userErrorReportRoute);
  await app.register(userErrorsPage);
  await app.register(menuPages);
  await app.register(resourceRoutes);
  return app;
}
