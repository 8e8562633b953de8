// Mounts the table API for every resource the app serves (app.resources: by default the registry, server/resources):
//   GET    /api/<name>          list, in either DataTables dialect
//   POST   /api/<name>          list when the body is a table request (it has draw/sEcho/start/length or
//                               their legacy names), otherwise add one row
//   PATCH  /api/<name>          edit one row (key) or many (plural key), each with its version
//   DELETE /api/<name>          delete one or many rows, each with its version
//   POST   /api/<name>/undo     put back the rows of the user's own edit or delete, for a short while after it
//   GET    /api/<name>/export   every filtered row as CSV or an Excel workbook (the list's own parameters)
//   GET    /api/<name>/options  the choices of a select field, for whoever may add or edit through it (on a
//                               resource that has select fields)
//   GET    /api/<name>/filter-values  the values a column's filter offers, from another table (choicesFrom)
// Each route declares the definition's permission for its action (plugins/access.ts checks it on the server,
// whatever the browser shows).
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { allows } from '../../../../common/roles.ts';
import { answerChange, answerUndo } from './changes.ts';
import { answerChoices, choicesQuerySchema, mayChoose } from './options.ts';
import { answerExport, exportQuerySchema } from './export.ts';
import { answerList, decorateTableList, readListHook } from './list.ts';
import { changeAnswers, choicesAnswers, listOrAddAnswers, undoAnswers, undoBodySchema } from './answer-schemas.ts';
import { errorAnswers } from '../error-answer.ts';
import { answerFilterValues, choicesFromColumns, filterValuesAnswers, filterValuesQuerySchema } from './filter-values.ts';

const resourceRoutes: SchemaRoutes = async (app) => {
  // The table API reads every value itself (params.ts) and refuses in its protocol's words: plugins/nul-bytes.ts leaves it to that.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, ownValueChecks: true };
  });
  decorateTableList(app);
  for (const def of app.resources) {
    const path = `/api/${def.name}`;

    // One route for both: what a request asks (req.tableList, read before the access check) decides its
    // action, so the rule checked is always that of the action taken. A GET always carries a list request.
    // No query or body schema here, nor on PATCH and DELETE: a list request in either DataTables dialect is
    // read by readListHook (list.ts), a row by readMutationBody, each refusing in the table API's own words.
    app.route({
      method: ['GET', 'POST'],
      url: path,
      preValidation: readListHook(def),
      schema: { response: listOrAddAnswers(def) },
      config: { access: (req, user) => allows(user, def.access[req.tableList ? 'list' : 'add']) },
      handler: async (req, reply) => {
        const list = req.tableList;
        return list ? answerList(app, def, req, reply, list) : answerChange(app, def, 'add', req, reply);
      },
    });

    // GET and HEAD (which must not run the whole export only to drop it: Fastify's own HEAD would).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${path}/export`,
      exposeHeadRoute: false,
      config: { access: def.access.export },
      schema: { querystring: exportQuerySchema, response: errorAnswers },
      // A refused format is answered by the handler, after the access checks, as it was before the schema.
      attachValidation: true,
      handler: async (req, reply) => answerExport(app, def, req, reply),
    });

    if (def.fields.some((f) => f.options) || def.columns.some((c) => c.links)) {
      app.get(
        `${path}/options`,
        {
          config: { access: mayChoose(def) },
          schema: { querystring: choicesQuerySchema(def), response: choicesAnswers(def, app.resources) },
          attachValidation: true,
        },
        async (req, reply) => answerChoices(app.db.pool, def, req, reply),
      );
    }

    if (choicesFromColumns(def).length) {
      app.get(
        `${path}/filter-values`,
        {
          config: { access: def.access.list },
          schema: { querystring: filterValuesQuerySchema, response: filterValuesAnswers },
          attachValidation: true,
        },
        async (req, reply) => answerFilterValues(app.db.pool, def, req, reply),
      );
    }

    app.patch(path, { config: { access: def.access.edit }, schema: { response: changeAnswers(def) } }, async (req, reply) =>
      answerChange(app, def, 'edit', req, reply),
    );

    app.delete(path, { config: { access: def.access.delete }, schema: { response: changeAnswers(def) } }, async (req, reply) =>
      answerChange(app, def, 'delete', req, reply),
    );

    // Who may edit or delete here may ask; the undo itself checks the right its change took (undo-rows.ts).
    app.post(
      `${path}/undo`,
      {
        config: { access: (_req, user) => allows(user, def.access.edit) || allows(user, def.access.delete) },
        schema: { body: undoBodySchema, response: undoAnswers(def) },
      },
      async (req, reply) => answerUndo(app, def, req.body.UndoID, req, reply),
    );
  }
};

export default resourceRoutes;
