// Server-renders a React island into the container the browser's island loader mounts on
// (islands/islands.ts): `<div data-island data-island-id data-props>` with the markup directly inside,
// since whitespace around it would break hydration. The id is the island's React identifierPrefix, the
// same on both sides and unique on the page, so useId values never collide between islands.
//
// An island's markup is a function of its name, its props and the language's words alone (islands read
// no clock or request while rendering: a time shown is rendered as of a time in the props). Many staff
// open the same screens with the same first page, and rendering a table's rows with React and TanStack
// was a quarter of a busy server's processor time; so the markup is kept per name and props with a
// per-process token (ID_SLOT) standing for the id, which each page replaces with an id of its own. A time
// that differs on every request but not in what it draws (a table's "last updated", drawn relative to
// itself: "just now") is kept the same way (TIME_SLOT), or each table would be drawn again every second;
// and so is when its footer totals were computed (TOTALS_TIME_SLOT), which only the props carry: in the
// key, it drew every screen again each time kept totals ran out (30 s): bursts of React drawing, up to a
// fifth of a busy second's processor time in a profile of the load bench (bench/lib/profile-layers.ts).
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { currentLanguage } from '../../common/messages.ts';
import { findIsland } from '../../islands/registry.ts';
import { escapeHtml } from '../escape-html.ts';

/** Markup kept, by size: a table's first page is 10-40 KB of markup and props. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** Where each page's own id goes in kept markup: random per process, so no content can contain it. */
const ID_SLOT = `i${randomBytes(8).toString('hex')}`;
/**
 * A slot for a time of the request's own (see renderIsland): a valid ISO time, so the island draws it as any
 * other, at a random millisecond of the 19th century per process, which no content holds.
 */
const timeSlot = () => new Date(Date.UTC(1850, 0, 1) + randomInt(0, 2 ** 40)).toISOString();
/** Put in props where the time the rows were read goes. */
export const TIME_SLOT = timeSlot();
/** Put in props where the time the footer totals were computed goes. */
export const TOTALS_TIME_SLOT = timeSlot();

/** The slots kept markup holds, found by one pattern (their text has no character a pattern reads). */
const SLOTS = new RegExp(`(${[ID_SLOT, TIME_SLOT, TOTALS_TIME_SLOT].map((slot) => slot.replace(/[.]/g, '\\.')).join('|')})`);

/**
 * Markup kept in pieces, split at its slots: [text, slot, text, slot, ..., text]. A page joins the pieces with
 * its own values in the slots, a quarter of the time three passes of replaceAll over 10-40 KB took.
 */
const kept = new LRUCache<string, string[]>({
  maxSize: KEPT_BYTES,
  sizeCalculation: (pieces, key) => pieces.reduce((sum, piece) => sum + piece.length, key.length),
});
/** The words the kept markup was rendered in: a new language file makes it all stale. */
let keptLanguage = currentLanguage();

async function markupOf(name: string, json: string, props: Record<string, unknown>): Promise<string[]> {
  if (keptLanguage !== currentLanguage()) {
    kept.clear();
    keptLanguage = currentLanguage();
  }
  const key = `${name}\u0000${json}`;
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  const load = findIsland(name);
  if (!load) throw new Error(`No island named "${name}"`);
  const { default: Component } = await load();
  const markup = `<div data-island="${escapeHtml(name)}" data-island-id="${ID_SLOT}" data-props="${escapeHtml(json)}">${renderToString(
    createElement(Component, props),
    { identifierPrefix: ID_SLOT },
  )}</div>`;
  const pieces = markup.split(SLOTS);
  kept.set(key, pieces);
  return pieces;
}

/** The island's markup; `slots` are what the slots in its props (TIME_SLOT, TOTALS_TIME_SLOT) stand for on this page. */
export async function renderIsland(name: string, props: Record<string, unknown>, slots: Record<string, string> = {}): Promise<string> {
  const pieces = await markupOf(name, JSON.stringify(props), props);
  // The page's own id: a random UUID's first 8 digits (drawn from a kept buffer of random bytes, where
  // randomBytes asks for them on every call, ten times as long).
  const values: Record<string, string> = { ...slots, [ID_SLOT]: `${name}-${randomUUID().slice(0, 8)}-` };
  // Pieces at odd places are slots; one without a value on this page (a time the caller did not give) stays.
  return pieces.map((piece, i) => (i % 2 === 1 ? (values[piece] ?? piece) : piece)).join('');
}
