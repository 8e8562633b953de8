// axe-core in a page under our strict CSP: its script is evaluated through the DevTools protocol (a <script>
// tag would be refused), then run over the document. Violations come back as short readable lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> }>;
}

/** Every violation axe finds in the page as it stands (its default rules: WCAG A and AA, and best practices), one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.help}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
  );
}
