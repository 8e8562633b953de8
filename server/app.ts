// Builds the Fastify app around an open database. main.ts runs it; tests build it with their own database.
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import view from '@fastify/view';
import { Eta } from 'eta';
import { viewsDir } from './paths.ts';
import { msg } from './messages.ts';
import type { Config } from './config.ts';
import { fastifyTrustProxy } from './trusted-proxies.ts';
import type { Database } from './db/index.ts';
import { resources as productResources } from './resources/index.ts';
import type { ResourceDef } from './resources/resource-def.ts';
import type { DetailOf } from './details/detail-tables.ts';
import { lazySerializers, lazyValidators } from './lazy-schema-compilers.ts';
import { loadAssets, staticDir, type Assets } from './assets.ts';
import { staticFileRules } from './static-files.ts';
import { recordPageRules } from './shell/menu.ts';
import sessions from './plugins/session.ts';
import csrf from './plugins/csrf.ts';
import partialPages from './plugins/partial-pages.ts';
import requestGate from './plugins/request-gate.ts';
import errors, { answerClientError, answerFrameworkError } from './plugins/errors.ts';
import { serverTimeouts } from './client-connections/server-timeouts.ts';
import bodyDeadline from './client-connections/body-deadline.ts';
import connectionsPerAddress from './client-connections/per-address.ts';
import nulBytes from './plugins/nul-bytes.ts';
import storeReferences from './plugins/store-references.ts';
import securityHeaders from './plugins/security-headers.ts';
import { forgetKeptFigures, forgetOnChanges } from './table-api/cache/changed-tables.ts';
import hub from './hub/hub.ts';
import loginRoutes from './routes/login.ts';
import oidcStartRoute from './routes/login/oidc.ts';
import oidcCallbackRoute from './routes/login/oidc/callback.ts';
import oidc from './auth/oidc/oidc-plugin.ts';
import accountPasswordRoutes from './routes/account/password.ts';
import currentUserRoute from './routes/api/common/current-user.ts';
import { forgetLanguageOnClose } from './language.ts';
import storesRoute from './routes/api/common/stores.ts';
import healthRoute from './routes/healthz.ts';
import readyRoute from './routes/readyz.ts';
import metricsRoute from './routes/metrics.ts';
import metrics from './metrics/metrics.ts';
import readiness from './lifecycle/readiness.ts';
import requestIds, { requestIdGenerator } from './plugins/request-ids.ts';
import requestLog, { logSerializers } from './plugins/request-log.ts';
import faviconRoute from './routes/favicon.ts';
import tableScreens from './routes/table-screens.ts';
import tablePrint from './routes/table-print.ts';
import recordPages from './routes/records/record-pages.ts';
import userErrorReportRoute from './routes/api/admin/user-error.ts';
import validUsernameRoute from './routes/api/common/valid-username.ts';
import userAdminRoutes from './routes/admin/users/index.ts';
import reportRoutes from './routes/reports/reports-page.ts';
import reportPrintRoute from './routes/reports/report-print.ts';
import reportsApiRoute from './routes/api/common/reports.ts';
import reportStreamRoute from './routes/api/common/report.ts';
import pdfEngine from './reports/pdf/pdf-plugin.ts';
import resourceRoutes from './routes/api/resource/index.ts';
import importRoutes from './routes/api/resource/imports/index.ts';
import feedRoutes from './routes/api/feed/index.ts';
import hubRoute from './routes/hub.ts';
import inboxSummaryRoute from './routes/api/common/inbox-summary.ts';
import inboxReadRoute from './routes/api/common/inbox-read.ts';
import sessionTokenRoute from './routes/api/common/session-token.ts';
import storeSelectionsRoute from './routes/api/common/store-selections.ts';
import viewStateRoute from './routes/api/common/view-state.ts';
import tableViewsRoutes from './routes/api/table-views.ts';
import summaryRoutes from './routes/api/summaries/index.ts';
import chartRoutes from './routes/api/charts/index.ts';
import dashboardRoute from './routes/dashboard.ts';
import summariesPage from './routes/summaries/index.ts';
import drillDownPage from './routes/summaries/stores.ts';
import chartsPage from './routes/charts.ts';
import storeRecordRoutes from './routes/stores/store-detail.ts';
import errorRecordRoute from './routes/admin/user-errors/error-detail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** The entities this app serves (their table API, screens, menu entries, hub frames, kept figures). */
    resources: ReadonlyArray<ResourceDef>;
    /**
     * The tables whose records have a detail page in this app, by resource: each entered as its page's route
     * is registered (server/details/detail-route.ts), read per request (a table's row links, a report's).
     */
    detailPages: Map<string, DetailOf>;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** The browser bundle the pages load: by default the app's (static/build/); the browser tests give their own. */
  assets?: Assets;
  /** Told of every route as it is registered (the test that sends odd requests to every route lists them so). */
  onRoute?: (route: RouteOptions) => void;
  /** The entities it serves, each its two halves joined: by default the product's (server/resources/index.ts). */
  resources?: ReadonlyArray<ResourceDef>;
}

export async function buildApp({
  config,
  db,
  logger = false,
  assets = loadAssets(),
  onRoute,
  resources = productResources,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Its serializers write a failed request's path, never its query (request-log.ts).
    logger: logger && { ...(logger === true ? {} : logger), serializers: logSerializers },
    // One line per request, ours (plugins/request-log.ts), instead of Fastify's two; failed requests are
    // logged by our error handler (plugins/errors.ts). Every line of a request names its id as `requestId`.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Each request's id: a trusted proxy's X-Request-Id, else a new one (plugins/request-ids.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    schemaController: { compilersFactory: { buildValidator: lazyValidators, buildSerializer: lazySerializers } },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.limits.connections),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('resources', resources);
  app.decorate('detailPages', new Map<string, DetailOf>());
  // Before the hub's: a change is forgotten here before other instances hear of it.
  forgetOnChanges(db.pool, resources);
  db.replica?.on('replayed', (pool, tables) => forgetKeptFigures(resources, pool, tables));
  app.decorate('assets', assets);

  // The id is said in every answer, even one refused by the next hooks.
  await app.register(requestIds);
  await app.register(metrics);
  await app.register(requestLog);
  await app.register(readiness);
  await app.register(connectionsPerAddress);
  // A request's body is timed from its very first hook, before any other hook can answer it: a refused
  // request's body still has to arrive (or its connection be closed) before the connection serves another.
  await app.register(bodyDeadline);
  // The session lookup is the first thing a request starts (its onRequest hook runs before the others', but
  // for the body's timer): the database works on it while the rest of the request's hooks run.
  await app.register(cookie);
  await app.register(oidc);
  await app.register(sessions);
  await app.register(securityHeaders);
  // Answers up to 64 KB (every page swap and table page) are compressed in one call, not through a stream on
  // the thread pool, which the library's default keeps to 8 KB on 2 cores: a 48 KB page takes ~0.3 ms
  // either way, and the stream's chunks and writes cost a busy server 14% more processor time a request.
  // Brotli at quality 2, not the library's 4: on a table screen's swap (37 KB) it takes 125 µs, not 220-250, for
  // 5-9% more bytes (4.9 KB, not 4.65), and compression was a tenth of a busy server's processor time (issue 37).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65536,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 2 } },
  });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(view, {
    engine: { eta: new Eta({ views: viewsDir, cache: true }) },
    root: viewsDir,
    // Compiled templates are kept except in development (where an edited one is read again). @fastify/view
    // sets Eta's cache from this on every render, whatever Eta was built with; left to NODE_ENV, an unset
    // NODE_ENV read and compiled every template, and every include, on every render: a 4,000-row report's
    // cells alone held the event loop for a third of a second.
    production: !config.development,
    // Every template says its words through `it.msg` (common/messages.ts), never in its own text.
    defaultContext: { msg },
  });
  // Static files need no session (the sign-in page uses them too).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/static/')) route.config = { ...(route.config ?? {}), public: true };
  });
  // Who may open each page, as its route says (the menu shows an entry by its page's rule: shell/menu.ts).
  recordPageRules(app);
  await app.register(fastifyStatic, { root: staticDir, prefix: '/static/', preCompressed: true, ...staticFileRules(config) });

  await app.register(errors);
  await app.register(nulBytes);
  await app.register(storeReferences);
  await app.register(partialPages);
  await app.register(csrf);
  await app.register(requestGate);
  await app.register(hub);
  await app.register(pdfEngine);

  await app.register(healthRoute);
  await app.register(readyRoute);
  await app.register(metricsRoute);
  await app.register(faviconRoute);
  await app.register(loginRoutes);
  await app.register(oidcStartRoute);
  await app.register(oidcCallbackRoute);
  await app.register(accountPasswordRoutes);
  await app.register(currentUserRoute);
  await app.register(storesRoute);
  await app.register(validUsernameRoute);
  await app.register(userAdminRoutes);
  await app.register(reportRoutes);
  await app.register(reportPrintRoute);
  await app.register(reportsApiRoute);
  await app.register(reportStreamRoute);
  await app.register(userErrorReportRoute);
  await app.register(tableScreens);
  await app.register(tablePrint);
  await app.register(resourceRoutes);
  await app.register(importRoutes);
  await app.register(feedRoutes);
  await app.register(hubRoute);
  await app.register(inboxSummaryRoute);
  await app.register(inboxReadRoute);
  await app.register(sessionTokenRoute);
  await app.register(storeSelectionsRoute);
  await app.register(viewStateRoute);
  await app.register(tableViewsRoutes);
  await app.register(summaryRoutes);
  await app.register(chartRoutes);
  await app.register(dashboardRoute);
  await app.register(summariesPage);
  await app.register(drillDownPage);
  await app.register(chartsPage);
  forgetLanguageOnClose(app);
  await app.register(storeRecordRoutes);
  await app.register(errorRecordRoute);
  // Last: every other table's rows get a page of their own (records/record-pages.ts).
  await app.register(recordPages);
  return app;
}
