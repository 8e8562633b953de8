// The demo's stores: spread over the states by how many cities we know there (big states get more), under
// their region's group, most opened before the sales history begins and a few during it. Used by the first
// seed (500 stores) and by `npm run seed -- --stores N`, which adds stores after the last to make a chain.
import type pg from 'pg';
import { statePlaces, storeSuffixes } from './seed-places.ts';

const slots = statePlaces.flatMap((s) => s.cities.map((city) => ({ state: s.code, region: s.region, city })));

/** Adds stores until there are `count` (none when there are as many already); how many it added. */
export async function addStoresUpTo(db: pg.Pool | pg.PoolClient, count: number): Promise<number> {
  const have = (
    await db.query<{ n: number; top: number }>('select count(*)::int as n, coalesce(max(store_number), 1000)::int as top from stores')
  ).rows[0]!;
  const adding = count - have.n;
  if (adding <= 0) return 0;
  const numbers: number[] = [];
  const names: string[] = [];
  const cities: string[] = [];
  const states: string[] = [];
  const groups: string[] = [];
  const opened: string[] = [];
  const active: boolean[] = [];
  for (let k = 0; k < adding; k++) {
    // The i-th store of the chain, whatever stores there are: a second run makes the same chain as one.
    const i = have.n + k;
    const slot = slots[(i * 7) % slots.length]!;
    const round = Math.floor(i / slots.length);
    const suffix = storeSuffixes[round % storeSuffixes.length]!;
    // Past ten stores a city, names take a number: "Houston Mall 2".
    const nth = Math.floor(round / storeSuffixes.length);
    numbers.push(have.top + 1 + k);
    names.push(nth ? `${slot.city} ${suffix} ${nth + 1}` : `${slot.city} ${suffix}`);
    cities.push(slot.city);
    states.push(slot.state);
    groups.push(slot.region);
    // Most stores predate the sales history; a few opened during it, so their sales start later.
    const year = i % 17 === 0 ? 2024 + (i % 3) : 1995 + (i % 28);
    opened.push(`${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`);
    active.push(i % 23 !== 0);
  }
  await db.query(
    `insert into stores (store_number, name, city, state_id, group_id, open_date, is_active)
     select n, nm, c, st.state_id, g.group_id, od::date, a
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[]) as x(n, nm, c, s, gc, od, a)
     join states st on st.code = x.s
     join groups g on g.code = x.gc`,
    [numbers, names, cities, states, groups, opened, active],
  );
  return adding;
}
