// The browser's entry point, loaded on every page: htmx with its history cache, then the shell's own
// behaviours and its one connection to the real-time hub (kept across page swaps). Islands and heavier
// screens load lazily from here, so pages without them stay small.
import type htmx from 'htmx.org';
import 'htmx.org/dist/ext/hx-history-cache.js';
import { startShell } from './shell/shell.ts';
import { startNav } from './nav/nav.ts';
import { startIslands } from './islands.ts';
import { startHub } from './hub/hub.ts';

declare global {
  interface Window {
    htmx: typeof htmx;
  }
}

startNav();
startShell();
startIslands();
startHub();
