// The load bench's second mix (bench/load.ts, issue 37): staff opening real pages and the calls those pages make,
// as a browser asks them. Two clicks in five swap the page (htmx, `main#main`) to one their role's menu has;
// three in five call the table API with the island's own parameters (every column named, the sort by index:
// islands/data-table/list-query.ts): stores at a random page and sort, sales at a random page up to the
// 5,000th row, a 3-letter search on sales, the current user, and the person's messages.
import { messagesDef } from '../../server/resources/inbox.ts';
import type { ResourceDef } from '../../server/resources/resource-def.ts';
import { salesDef } from '../../server/resources/sales.ts';
import { storesDef } from '../../server/resources/stores.ts';
import { ACCEPT_ENCODING, pick, type Person } from './staff-mix.ts';

type Call = 'stores' | 'sales' | 'salesSearch' | 'currentUser' | 'messages';

/**
 * What each kind of staff opens: the pages of their menu (the demo users' roles: server/demo/seed.ts) and the
 * calls their pages make; `storePages` is how many pages of 25 stores they see (all 500, or the West's).
 */
export const pageRoles = {
  admin: {
    pages: ['/', '/stores', '/sales', '/reports', '/messages', '/admin/users', '/cycles', '/states'],
    calls: ['stores', 'sales', 'salesSearch', 'currentUser', 'messages'],
    storePages: 20,
  },
  manager: {
    pages: ['/', '/stores', '/sales', '/reports', '/messages', '/admin/users', '/cycles', '/states'],
    calls: ['stores', 'sales', 'salesSearch', 'currentUser', 'messages'],
    storePages: 20,
  },
  analyst: {
    pages: ['/', '/sales', '/reports', '/messages', '/cycles', '/states'],
    calls: ['sales', 'salesSearch', 'currentUser', 'messages'],
    storePages: 0,
  },
  clerk: {
    pages: ['/', '/stores', '/messages', '/cycles', '/states'],
    calls: ['stores', 'currentUser', 'messages'],
    storePages: 4,
  },
} as const satisfies Record<string, { pages: readonly string[]; calls: readonly Call[]; storePages: number }>;

/** Parts of the demo stores' names (their cities and kinds), as staff type them into a search. */
const searches = ['hou', 'ton', 'san', 'por', 'mal', 'ill', 'new', 'ver', 'lan', 'ark', 'par', 'cen'];

/** A table's list call as its island sends it: every column by name, one sort by its index, a page. */
function listCall(def: ResourceDef, start: number, sort: { column: string; dir: string }, search = ''): string {
  const q = new URLSearchParams({ start: String(start), length: String(def.pageSize) });
  const names = def.browserHalf.columns.map((c) => c.name);
  names.forEach((name, i) => q.set(`columns[${i}][data]`, name));
  q.set('order[0][column]', String(names.indexOf(sort.column)));
  q.set('order[0][dir]', sort.dir);
  if (search) q.set('search[value]', search);
  q.set('draw', '1');
  return `/api/${def.name}?${q}`;
}

const storeSorts = storesDef.browserHalf.columns.filter((c) => c.sortable).map((c) => c.name);
const [salesSort] = salesDef.browserHalf.defaultSort;
const [messagesSort] = messagesDef.browserHalf.defaultSort;

function callUrl(call: Call, person: Person): string {
  switch (call) {
    case 'stores': {
      const page = Math.floor(Math.random() * pageRoles[person.role].storePages);
      return listCall(storesDef, page * 25, { column: pick(storeSorts), dir: pick(['asc', 'desc']) });
    }
    case 'sales':
      return listCall(salesDef, 25 * Math.floor(Math.random() * 201), salesSort!);
    case 'salesSearch':
      return listCall(salesDef, 0, salesSort!, pick(searches));
    case 'currentUser':
      return '/api/common/current-user';
    case 'messages':
      return listCall(messagesDef, 0, messagesSort!);
  }
}

/** One click: a page swap (two in five) or one of the calls the person's pages make. */
export function pageClick(person: Person): { url: string; headers: Record<string, string> } {
  const { pages, calls } = pageRoles[person.role];
  if (Math.random() < 0.4)
    return {
      url: pick(pages),
      headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, 'hx-request': 'true', 'hx-target': 'main#main' },
    };
  return {
    url: callUrl(pick(calls), person),
    headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' },
  };
}
