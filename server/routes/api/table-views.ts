// The saved views' API (issue 39; docs/api.md, "Saved views"):
//   GET    /api/table-views?table=<name>  the table's views listed for the signed-in user, and their default one
//   POST   /api/table-views               { Table, Name, Shared?, State, IsDefault? }: keeps a new view of theirs
//   PATCH  /api/table-views/<id>          { Version, Name?, Shared?, State? }: renames, shares or replaces a view
//   DELETE /api/table-views/<id>          deletes a view
//   PUT    /api/table-views/default       { Table, ViewID }: the view the table opens with for them (null: none)
// A view is of a table with a screen, named by its resource (`stores`); who may not see that table reaches
// none of its views (the gate, for the routes that name it; the handler, for a view named by its id, as the
// table API's row rules are asked). Who may change which view: server/table-views/view-rules.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import type { AccessCheck } from '../../plugins/route-access.ts';
import { msg } from '../../messages.ts';
import { opensTable } from '../../table-screen/table-access.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { TableView, ViewState } from '../../../common/table-views.ts';
import { addView, changeView, deleteView, listViews, openableView, setDefaultView } from '../../table-views/table-views.ts';
import { isRefusal, nameRefusal, stateRefusal, type ViewRefusal } from '../../table-views/view-input.ts';
import { errorAnswer, errorAnswers } from './error-answer.ts';

const tableName = { type: 'string', minLength: 1, maxLength: 60 } as const;
const viewId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const state = { type: 'object' } as const;

const listQuery = { type: 'object', required: ['table'], properties: { table: tableName } } as const;
const addBody = {
  type: 'object',
  required: ['Table', 'Name', 'State'],
  additionalProperties: false,
  properties: { Table: tableName, Name: { type: 'string' }, Shared: { type: 'boolean' }, State: state, IsDefault: { type: 'boolean' } },
} as const;
const changeBody = {
  type: 'object',
  required: ['Version'],
  additionalProperties: false,
  properties: { Version: { type: 'integer' }, Name: { type: 'string' }, Shared: { type: 'boolean' }, State: state },
} as const;
const defaultBody = {
  type: 'object',
  required: ['Table', 'ViewID'],
  additionalProperties: false,
  properties: { Table: tableName, ViewID: { anyOf: [viewId, { type: 'null' }] } },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: viewId } } as const;

const viewAnswer = {
  type: 'object',
  required: ['ViewID', 'Table', 'Name', 'Shared', 'Mine', 'OwnerName', 'CanChange', 'State', 'Version', 'UpdatedAt'],
  additionalProperties: false,
  properties: {
    ViewID: { type: 'integer' },
    Table: { type: 'string' },
    Name: { type: 'string' },
    Shared: { type: 'boolean' },
    Mine: { type: 'boolean' },
    OwnerName: { type: 'string' },
    CanChange: { type: 'boolean' },
    State: { type: 'object', additionalProperties: true },
    Version: { type: 'integer' },
    UpdatedAt: { type: 'string' },
  },
} as const;
const listAnswer = {
  type: 'object',
  required: ['Views', 'DefaultViewID'],
  additionalProperties: false,
  properties: { Views: { type: 'array', items: viewAnswer }, DefaultViewID: { type: ['integer', 'null'] } },
} as const;
const defaultAnswer = {
  type: 'object',
  required: ['DefaultViewID'],
  additionalProperties: false,
  properties: { DefaultViewID: { type: ['integer', 'null'] } },
} as const;
// A refusal names the field at fault, where one is, with its own message, for the dialog to show under it.
const refusalAnswers = {
  ...errorAnswers,
  '4xx': {
    ...errorAnswer,
    properties: { ...errorAnswer.properties, fields: { type: 'object', additionalProperties: { type: 'string' } } },
  },
} as const;

/** The table `name` names, among those with a screen this app serves; undefined for another name. */
function viewTable(app: FastifyInstance, name: unknown): ResourceDef | undefined {
  return app.resources.find((def) => def.name === name && def.screen);
}

/** Admits who may see the table the request names (an unknown one is the handler's to refuse, in words). */
function seesNamedTable(app: FastifyInstance, named: (req: { query: unknown; body: unknown }) => unknown): AccessCheck {
  return (req, user) => {
    const def = viewTable(app, named(req));
    return !def || opensTable(user, def);
  };
}

const refuse = (reply: FastifyReply, refusal: ViewRefusal) =>
  reply.code(refusal.status).send({ error: refusal.error, ...(refusal.fields && { fields: refusal.fields }) });

const tableViewsRoutes: SchemaRoutes = async (app) => {
  const unknownTable = (name: string): ViewRefusal => ({ status: 404, error: msg('viewTableUnknown', name) });

  /** The view `id` as `user` may change it, with its table; or why not. */
  async function changeable(id: number, user: CurrentUser): Promise<ViewRefusal | { view: TableView; def: ResourceDef }> {
    const view = await openableView(app.db.pool, user, id);
    if (!view) return { status: 404, error: msg('viewNotFound') };
    const def = viewTable(app, view.Table);
    if (!def || !opensTable(user, def)) return { status: 403, error: msg('forbidden') };
    if (!view.CanChange) return { status: 403, error: msg('viewNotYours', view.Name) };
    return { view, def };
  }

  app.get(
    '/api/table-views',
    {
      schema: { querystring: listQuery, response: { ...refusalAnswers, 200: listAnswer } },
      config: { access: seesNamedTable(app, (req) => (req.query as { table?: unknown }).table) },
    },
    async (req, reply) => {
      if (!viewTable(app, req.query.table)) return refuse(reply, unknownTable(req.query.table));
      return listViews(app.db.pool, req.signedInUser(), req.query.table);
    },
  );

  app.post(
    '/api/table-views',
    {
      schema: { body: addBody, response: { ...refusalAnswers, 200: viewAnswer } },
      config: { access: seesNamedTable(app, (req) => (req.body as { Table?: unknown }).Table) },
    },
    async (req, reply) => {
      const { Table, Shared = false, State, IsDefault = false } = req.body;
      const def = viewTable(app, Table);
      if (!def) return refuse(reply, unknownTable(Table));
      const name = req.body.Name.trim();
      const refused = nameRefusal(name) ?? stateRefusal(def.browserHalf, State);
      if (refused) return refuse(reply, refused);
      const user = req.signedInUser();
      const kept = await addView(app.db.pool, user, {
        table: Table,
        name,
        shared: Shared,
        state: State as Partial<ViewState>,
        isDefault: IsDefault,
      });
      return isRefusal(kept) ? refuse(reply, kept) : kept;
    },
  );

  app.patch(
    '/api/table-views/:id',
    { schema: { params: idParams, body: changeBody, response: { ...refusalAnswers, 200: viewAnswer } } },
    async (req, reply) => {
      const user = req.signedInUser();
      const found = await changeable(req.params.id, user);
      if (isRefusal(found)) return refuse(reply, found);
      const { Version, Shared, State } = req.body;
      const name = req.body.Name?.trim();
      if (name === undefined && Shared === undefined && State === undefined)
        return refuse(reply, { status: 400, error: msg('viewChangeNothing') });
      const refused =
        (name === undefined ? null : nameRefusal(name)) ?? (State === undefined ? null : stateRefusal(found.def.browserHalf, State));
      if (refused) return refuse(reply, refused);
      const kept = await changeView(app.db.pool, user, found.view, {
        name,
        shared: Shared,
        state: State as Partial<ViewState> | undefined,
        version: Version,
      });
      return isRefusal(kept) ? refuse(reply, kept) : kept;
    },
  );

  app.delete(
    '/api/table-views/:id',
    { schema: { params: idParams, response: { ...refusalAnswers, 204: { type: 'null' } } } },
    async (req, reply) => {
      const user = req.signedInUser();
      const found = await changeable(req.params.id, user);
      if (isRefusal(found)) return refuse(reply, found);
      if (!(await deleteView(app.db.pool, user, found.view))) return refuse(reply, { status: 404, error: msg('viewNotFound') });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/table-views/default',
    {
      schema: { body: defaultBody, response: { ...refusalAnswers, 200: defaultAnswer } },
      config: { access: seesNamedTable(app, (req) => (req.body as { Table?: unknown }).Table) },
    },
    async (req, reply) => {
      const { Table, ViewID } = req.body;
      if (!viewTable(app, Table)) return refuse(reply, unknownTable(Table));
      const user = req.signedInUser();
      let view: TableView | null = null;
      if (ViewID !== null) {
        view = await openableView(app.db.pool, user, ViewID);
        if (view?.Table !== Table) return refuse(reply, { status: 404, error: msg('viewNotFound') });
      }
      await setDefaultView(app.db.pool, user, Table, view);
      return { DefaultViewID: view?.ViewID ?? null };
    },
  );
};

export default tableViewsRoutes;
