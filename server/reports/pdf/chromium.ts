// The system Chromium that prints PDFs (puppeteer-core never downloads a browser): where it is, and how it
// starts. As root it needs --no-sandbox; the other flags keep it off the network it would otherwise try
// (updates, sync, field trials), and each launch gets a fresh profile directory, removed when it closes.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';

const usualPlaces = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];

/** The configured executable (CHROMIUM_PATH) if it exists, else the first usual place that does; null when none. */
export function findChromium(configured: string | undefined): string | null {
  if (configured) return existsSync(configured) ? configured : null;
  return usualPlaces.find((path) => existsSync(path)) ?? null;
}

/** Flags for every launch of it, the PDF printer's and the browser tests' (both ask for headless themselves). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedChromium {
  browser: Browser;
  /** Removes the launch's profile directory once the browser's process has exited (at once if it has). */
  cleanUpOnExit(): void;
}

export async function launchChromium(executable: string): Promise<LaunchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'backroom-chromium-'));
  const cleanUp = () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A profile left behind in the temporary folder costs disk space only: not worth failing anything over.
    }
  };
  try {
    // Loaded with the first PDF: puppeteer is a second's work to load, which a start (and most requests)
    // need not wait for.
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      executablePath: executable,
      headless: true,
      args: [...chromiumFlags, `--user-data-dir=${profile}`],
      // Talks over a pipe, not a port; the app, not puppeteer, decides when Chromium stops.
      pipe: true,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const child = browser.process();
    const cleanUpOnExit = () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) cleanUp();
      else child.once('exit', cleanUp);
    };
    return { browser, cleanUpOnExit };
  } catch (err) {
    cleanUp();
    throw err;
  }
}
