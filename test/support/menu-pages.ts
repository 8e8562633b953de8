// The pages a signed-in user reaches from the side menu (as the menu lists them for that user), and the
// sub-pages reached from those: what the page-wide browser checks (width, axe) walk through.
import type { Page } from 'playwright-core';

/** Pages reached from a menu page rather than from the menu itself. */
const subPages = ['/admin/users/new'];

export async function menuPages(page: Page): Promise<string[]> {
  const links = await page.$$eval('#sidebar a.menu-link', (as) => as.map((a) => a.getAttribute('href')!));
  return [...links, ...subPages.filter((p) => links.some((l) => l !== '/' && p.startsWith(`${l}/`)))];
}

/** Adds two error reports (one with a long address), so the Client errors page has rows to show. */
export async function reportTwoErrors(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
    const reports = [
      {
        Page: '/reports',
        Url: `${location.origin}/reports/sales-by-state?from=01%2F01%2F2024&to=31%2F12%2F2024&stores=${'1234,'.repeat(30)}`,
        Status: 500,
        ErrorThrown: 'Internal Server Error',
        Message: 'Something went wrong on the server. The IT department can see the details.',
        StackTrace: "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (app.js:1:2345)",
      },
      {
        Page: '/admin/users',
        Url: `${location.origin}/admin/users`,
        Status: 0,
        ErrorThrown: 'timeout',
        Message: 'The server did not answer within 10 seconds.',
      },
    ];
    for (const body of reports) {
      const res = await fetch('/api/admin/user-error', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`error report: ${res.status}`);
    }
  });
}
