// An app serving the product's entities and one more, added as a newcomer adds one (the recipe's test, and
// the one `npm run new:resource` writes): its migration run on a fresh copy of the test database, the app
// built with its definition (and any routes of its own) as main.ts builds its own, and its menu entry added
// as main.ts adds a new entity's at start. An administrator and a clerk (who is none) are signed in.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadServerLanguage } from '../../server/language.ts';
import { resources } from '../../server/resources/index.ts';
import type { ResourceDef } from '../../server/resources/resource-def.ts';
import { addMenuEntries } from '../../server/shell/menu-entries.ts';
import { openTestDatabase, signIn, testConfig, type SignedIn, type TestDatabase } from './app.ts';

export interface AddedEntityApp {
  database: TestDatabase;
  app: FastifyInstance;
  /** The menu entries the start added: the entity's, the database having been seeded before it existed. */
  menuAdded: string[];
  admin: SignedIn;
  clerk: SignedIn;
  close(): Promise<void>;
}

export async function serveAddedEntity(def: ResourceDef, migration: string, routes?: FastifyPluginAsync): Promise<AddedEntityApp> {
  const config = testConfig();
  const database = await openTestDatabase({ ...config, exportConnections: config.limits.exports.atOnce });
  let app: FastifyInstance | undefined;
  try {
    await database.db.pool.query(migration);
    app = await buildApp({ config, db: database.db, resources: [...resources, def] });
    if (routes) await app.register(routes);
    await app.ready();
    await loadServerLanguage(app);
    const menuAdded = await addMenuEntries(database.db.pool, app.resources);
    const [admin, clerk] = [await signIn(app, 'admin'), await signIn(app, 'clerk')];
    const served = app;
    return {
      database,
      app,
      menuAdded,
      admin,
      clerk,
      async close() {
        await served.close();
        await database.drop();
      },
    };
  } catch (err) {
    await app?.close();
    await database.drop();
    throw err;
  }
}
