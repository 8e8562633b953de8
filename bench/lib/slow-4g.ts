// DevTools' "Slow 4G" profile, the slow office line the page budgets are measured on: 562.5 ms latency,
// 1.44 Mbit/s down, 675 kbit/s up (CDP network emulation, for one page).
import type { BrowserContext, Page } from 'playwright-core';

const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

/** Puts the page behind the slow line from now on. */
export async function throttleToSlow4G(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}
