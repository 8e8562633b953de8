// The load bench's mix of staff at work (bench/load.ts, bench/restart.ts): who opens which pages and tables,
// signing in as a browser does, and one click: a page swap or a table page, as htmx and the tables ask.
import { ADMIN_PASSWORD } from './table-bench.ts';

/** What each kind of staff opens: the pages of their menu and the tables on them. */
export const roles = {
  admin: {
    pages: ['/', '/stores', '/sales', '/states', '/cycles', '/summaries', '/admin/users'],
    tables: ['stores', 'sales', 'states', 'cycles'],
  },
  manager: { pages: ['/', '/stores', '/sales', '/summaries', '/charts', '/reports'], tables: ['stores', 'sales', 'cycles'] },
  analyst: { pages: ['/', '/sales', '/summaries', '/charts', '/reports'], tables: ['sales'] },
  clerk: { pages: ['/', '/stores', '/states', '/cycles'], tables: ['stores', 'states', 'cycles'] },
} as const;
export type Role = keyof typeof roles;

export interface Person {
  role: Role;
  cookie: string;
}

/** Signs in through the login form, as a browser does: the session cookie. */
export async function signIn(base: string, user: Role): Promise<string> {
  const form = await fetch(`${base}/login`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiesOf(form), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: ADMIN_PASSWORD, _csrf: token }),
  });
  if (res.status !== 303) throw new Error(`sign-in as ${user}: ${res.status}`);
  return cookiesOf(res);
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const pick = <T>(list: ReadonlyArray<T>): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * What a browser accepts: fetch alone asks for gzip and deflate only, so the server would compress every
 * answer with gzip (level 6), where the staff's browsers get Brotli (quality 4: less processor time, fewer bytes).
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One click: a page swap (two in five) or a table page (a random page of the first 40, in a random sortable order). */
export function click(person: Person): { url: string; headers: Record<string, string> } {
  const { pages, tables } = roles[person.role];
  if (Math.random() < 0.4)
    return {
      url: pick(pages),
      headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, 'hx-request': 'true', 'hx-target': 'main#main' },
    };
  const table = pick(tables);
  const start = 25 * Math.floor(Math.random() * 40);
  const search = Math.random() < 0.2 ? '&search[value]=ar' : '';
  return {
    url: `/api/${table}?draw=1&start=${start}&length=25&order[0][column]=0&order[0][dir]=${pick(['asc', 'desc'])}${search}`,
    headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' },
  };
}

/** `count` people of every kind in turn, signed in ten at a time. */
export async function signInStaff(base: string, count: number): Promise<Person[]> {
  const people: Person[] = [];
  const kinds = Object.keys(roles) as Role[];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, k) => kinds[(i + k) % kinds.length]!);
    people.push(...(await Promise.all(batch.map(async (role) => ({ role, cookie: await signIn(base, role) })))));
  }
  return people;
}
