// Which panel a `data-load` link loads a page into (islands/nav/data-load.ts names it in HX-Target as
// `tag#id`): a page drawn there gives itself a smaller heading and a Close button for that panel. A page
// visit (the content area) and a popup (div#popup) are no panel.
import type { FastifyRequest } from 'fastify';
import { isPartial } from '../plugins/partial-pages.ts';

const notPanels = new Set(['main', 'popup']);

/** The panel's selector (`#id`), or null when the request is not a load into a panel. */
export function loadPanelOf(req: FastifyRequest): string | null {
  const target = req.headers['hx-target'];
  if (!isPartial(req) || typeof target !== 'string') return null;
  const id = /^[a-z][a-z0-9-]*#([A-Za-z][\w-]*)$/.exec(target)?.[1];
  return id && !notPanels.has(id) ? `#${id}` : null;
}
