// A store selection too long for a URL arrives as its reference (`stores=@...`, common/store-selection.ts):
// resolved here, once for every route, into the list of ids it names, before any route reads it. So the
// table API (both dialects, GET and POST, its exports), the PDFs, the reports, the summaries, the charts and
// the pages read a selection of 5,000 stores as they read one of three. A preValidation hook (global hooks run
// before a route's own: the table API reads its request in its preValidation) that costs a request naming no
// reference nothing but a look at its `stores`. Only a signed-in user's references are looked up; the others
// are refused by the request gate anyway. A reference the server does not hold (removed after weeks unused, or
// never registered) is left as it came, and the route's reader refuses it in the request's own shape
// (server/params/stores-param.ts). Resolving never widens anything: every route still intersects the stores
// with the user's own.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSelectionReference, storesParam } from '../../common/store-selection.ts';
import { signedIn } from './session.ts';
import { StoreSelections } from '../store-selections/store-selections.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store selections held for requests (server/store-selections/). */
    storeSelections: StoreSelections;
  }
  interface FastifyRequest {
    /** The references this request named, by the list of ids each stood for (storesAsSent); null when none. */
    storeReferences: Map<string, string> | null;
  }
}

/** Where a request names stores: these fields of its query or body... */
const STORE_FIELDS = ['stores', 'stores[]'];
/** ...and a `stores` item of its body's report `parameters` (POST /api/common/reports). */
const PARAMETERS = 'parameters';
/** A selection is one list: references beyond these few in one request are left unresolved (and refused). */
const MOST_REFERENCES = 4;

/** A value naming a reference, and how to put the list in its place. */
interface Slot {
  reference: string;
  put(list: string): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

function slotOf(value: unknown, put: (list: string) => void): Slot[] {
  const reference = typeof value === 'string' ? value.trim() : '';
  return isSelectionReference(reference) ? [{ reference, put }] : [];
}

/** The values of `req` that name a reference. */
function referenceSlots(req: FastifyRequest): Slot[] {
  const slots: Slot[] = [];
  for (const source of [req.query, req.body]) {
    if (!isRecord(source)) continue;
    for (const field of STORE_FIELDS) {
      const value = source[field];
      if (Array.isArray(value)) value.forEach((item, i) => slots.push(...slotOf(item, (list) => (value[i] = list))));
      else slots.push(...slotOf(value, (list) => (source[field] = list)));
    }
    const parameters = source[PARAMETERS];
    if (!Array.isArray(parameters)) continue;
    for (const item of parameters)
      if (isRecord(item) && item.name === 'stores') slots.push(...slotOf(item.value, (list) => (item.value = list)));
  }
  return slots;
}

async function resolveReferences(app: FastifyInstance, req: FastifyRequest, slots: Slot[]): Promise<void> {
  await signedIn(req);
  if (!req.user) return;
  const references = [...new Set(slots.map((s) => s.reference))].slice(0, MOST_REFERENCES);
  const lists = new Map<string, string>();
  for (const reference of references) {
    const stores = await app.storeSelections.resolve(reference);
    if (stores) lists.set(reference, storesParam(stores));
  }
  req.storeReferences = new Map([...lists].map(([reference, list]) => [list, reference]));
  for (const slot of slots) {
    const list = lists.get(slot.reference);
    if (list !== undefined) slot.put(list);
  }
}

/**
 * The `stores` text a link back to this request should carry: the reference it arrived as for a resolved
 * list (the report screen's PDF and print links), else the text itself.
 */
export function storesAsSent(req: FastifyRequest, text: string): string {
  return req.storeReferences?.get(text) ?? text;
}

export default fp(async function storeReferences(app: FastifyInstance) {
  app.decorate('storeSelections', new StoreSelections(app.db.pool, app.config.limits.storeSelections));
  app.decorateRequest('storeReferences', null);
  // Callback style: an async hook would cost every request a promise, and almost none names a reference.
  app.addHook('preValidation', (req, _reply, done) => {
    const slots = referenceSlots(req);
    if (slots.length === 0) return done();
    resolveReferences(app, req, slots).then(() => done(), done);
  });
});
