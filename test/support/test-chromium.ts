// Which Chromium the browser tests drive (the run's one, test-run.ts; or a file's own, browser.ts). Apart from
// browser.ts so that the runner finds it without loading the server.
import { existsSync } from 'node:fs';
import { findChromium } from '../../server/reports/pdf/chromium.ts';

/** Debian's chromium-headless-shell: Chromium's engine without the full browser's window and UI layers. */
const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * BROWSER_TEST_CHROMIUM if set; else the headless shell where it is installed, as it draws the same pages
 * (the same Blink) for much less processor time than the full browser's headless mode, which carries the
 * whole browser's UI; else the app's Chromium (CHROMIUM_PATH, the usual places). Null when there is none.
 */
export function browserTestChromium(): string | null {
  const configured = process.env.BROWSER_TEST_CHROMIUM;
  if (configured) return existsSync(configured) ? configured : null;
  return existsSync(headlessShell) ? headlessShell : findChromium(process.env.CHROMIUM_PATH);
}
