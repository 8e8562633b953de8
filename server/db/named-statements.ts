// Named (prepared) statements for the queries a list request makes, whose text is made per request from a few
// shapes (a table's columns, its scope, its sort, a page read from a cursor...). PostgreSQL parses and plans
// an unnamed statement on every run, and on the pages mix of the load bench (issue 37) parsing and planning
// took more of its time than running the statements did. A named statement is parsed once per connection, and
// planned for each run's values (the pool's connections are told plan_cache_mode=force_custom_plan, in
// db/index.ts): a generic plan, planned once for any values, read a region user's deep page at 10M sales 33
// times slower.
// Bounded, so that no connection holds a statement per combination of filters staff ever made: a text is
// named at its third request within the last 2,000 texts asked (a shape in use), and at most 200 texts per
// process. Only on pools whose every connection is a PostgreSQL session of its own: not the embedded
// database's, whose connections share one session (a name prepared by one would clash in another).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

const NAMED_FROM = 3;
const MOST_NAMED = 200;

/** Pools whose connections may each prepare statements (server/db/index.ts registers a server's). */
const preparing = new WeakSet<pg.Pool>();
/** How often each recent text was asked, until it is named. */
const asked = new LRUCache<string, number>({ max: 2000 });
/** The texts named, and their names: the same text has the same name on every connection. */
const names = new Map<string, string>();

/** Lets `pool`'s connections prepare statements: each is a PostgreSQL session of its own. */
export function preparesStatements(pool: pg.Pool): void {
  preparing.add(pool);
}

function nameOf(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= MOST_NAMED) return name;
  const times = (asked.get(text) ?? 0) + 1;
  if (times < NAMED_FROM) {
    asked.set(text, times);
    return undefined;
  }
  asked.delete(text);
  // A digest of the text: names never clash, whatever order instances and connections meet the texts in.
  const made = `q${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  names.set(text, made);
  return made;
}

/** The query `text` with `values`, named when `pool` may prepare it and its text is a shape in use. */
export function statement(pool: pg.Pool, text: string, values: unknown[]): pg.QueryConfig {
  const name = preparing.has(pool) ? nameOf(text) : undefined;
  return name === undefined ? { text, values } : { name, text, values };
}
