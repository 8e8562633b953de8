// A change to a table forgets the figures kept (short-lived.ts) for every resource that reads it: the
// resource on that table, and those that join it or read it in a column (a store renamed changes which
// sales a search on store names finds; an audit entry changes the audit log's count). Every write says which
// tables it changed (server/db/table-changes.ts); every app instance keeps its own figures, and the hub
// carries each change's tables to the others (server/hub/).
// A machine's steady stream of writes (the feed's, announced `soon`) forgets them at most once every
// FIGURES_LAG_MS per resource: the first at once, those that follow within it together when it has passed.
// At close of day 5,000 tills write a day each within a minute; forgotten at every write, the sales' totals
// and the summaries were never kept (each was computed across a write, so not kept either), and every staff
// page read them afresh on the request pool's connections, which then queued (docs/imports.md, "Close of
// day"). A change made any other way (a person's, an import's) forgets them at once, as before.
// A table whose viewer reloaded on a machine write's notice, within the lag, shows rows its footer's figures
// may miss: so this instance announces its deferred changes again, as ordinary ones, once the lag has passed.
// Every instance then forgets the figures and the tables' viewers hear of the change again, and what they read
// then is whole.
import type pg from 'pg';
import { announce, onTableChanges, type ChangeOptions } from '../../db/table-changes.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { forgetResource } from './short-lived.ts';

/** How long the figures kept may miss a machine's writes (`soon`): at most this after one, they are read afresh. */
export const FIGURES_LAG_MS = 5000;

/** Figures kept beside the resources' (the summaries'), by name, with the tables they read. */
const figureSets = new Map<string, ReadonlySet<string>>();

/** Per database and resource (or figure set): when its figures were last forgotten, and a forgetting to come. */
const forgotten = new WeakMap<pg.Pool, Map<string, { at: number; timer?: NodeJS.Timeout }>>();

/** Figures kept under `name` (ShortLived) read `tables`: a change to one of them forgets them, as a resource's. */
export function keepFiguresOf(name: string, tables: ReadonlyArray<string>): void {
  figureSets.set(name, new Set(tables));
}

/**
 * Forgets the kept figures of every one of `resources` (and figure set) that reads one of `tables`, on this
 * instance: at once, or for a change announced `soon` within FIGURES_LAG_MS (see the top). True when some
 * were left for the lag.
 */
export function forgetKeptFigures(
  resources: ReadonlyArray<ResourceDef>,
  pool: pg.Pool,
  tables: ReadonlyArray<string>,
  { soon = false }: ChangeOptions = {},
): boolean {
  let deferred = false;
  for (const def of resources) {
    if (tables.some((t) => def.tables.has(t))) deferred = forget(pool, def.name, soon) || deferred;
  }
  for (const [name, read] of figureSets) {
    if (tables.some((t) => read.has(t))) deferred = forget(pool, name, soon) || deferred;
  }
  return deferred;
}

/** Forgets one resource's figures now, or (a `soon` change within the lag) once it has passed: true then. */
function forget(pool: pg.Pool, name: string, soon: boolean): boolean {
  let names = forgotten.get(pool);
  if (!names) forgotten.set(pool, (names = new Map()));
  const last = names.get(name);
  const now = Date.now();
  if (soon && last && now - last.at < FIGURES_LAG_MS) {
    // Forgotten a moment ago: once more when the lag has passed, for this change and any until then.
    last.timer ??= setTimeout(() => forget(pool, name, false), last.at + FIGURES_LAG_MS - now).unref();
    return true;
  }
  if (last?.timer) clearTimeout(last.timer);
  names.set(name, { at: now });
  forgetResource(pool, name);
  return false;
}

/** Per database: this instance's changes whose figures were left for the lag, to be announced again. */
const toAnnounce = new WeakMap<pg.Pool, { tables: Set<string>; by: number }>();

/**
 * From now on, every change this instance makes to the database's tables forgets what was kept of them; one
 * left for the lag is announced again, as an ordinary change, once the lag has passed (see the top).
 */
export function forgetOnChanges(pool: pg.Pool, resources: ReadonlyArray<ResourceDef>): void {
  onTableChanges(pool, (tables, by, options) => {
    if (!forgetKeptFigures(resources, pool, tables, options)) return;
    const waiting = toAnnounce.get(pool);
    if (waiting) {
      for (const t of tables) waiting.tables.add(t);
      waiting.by = by;
      return;
    }
    const again = { tables: new Set(tables), by };
    toAnnounce.set(pool, again);
    setTimeout(() => {
      toAnnounce.delete(pool);
      announce(pool, [...again.tables], again.by);
    }, FIGURES_LAG_MS).unref();
  });
}
