// Accessibility checks in browser tests: runs axe-core (WCAG 2.x A and AA rules, and best practices) on the
// page and answers its violations, each as "rule: what, where" for a readable failure. The script is
// evaluated through DevTools, which the page's CSP does not govern, so pages are checked as they are served.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
}

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    () => (window as unknown as { axe: { run(ctx: Document, options: object): Promise<AxeResult> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}
