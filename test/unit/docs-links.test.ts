// The documentation's links hold: every relative link in README.md and docs/**/*.md names a file or folder
// of the repository, and a link to a heading (`page.md#heading`, or `#heading` on its own page) names one
// the page has, by the anchor GitHub gives it. Links in code are not links; addresses with a scheme
// (https:, mailto:) are not the repository's to check.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from '../support/template-db.ts';

/** README.md and every Markdown page under docs/, as paths from the repository's root. */
function pages(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs.sort()];
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the page's links and images: `[text](target)`, `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation dropped (inline code's backticks with
 * it), spaces as hyphens, a repeated one numbered from -1.
 */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    found.add(times === 0 ? base : `${base}-${times}`);
  }
  return found;
}

describe('the documentation', () => {
  test('README.md and the pages under docs/ are found', () => {
    const found = pages();
    assert.ok(found.includes('docs/configuration.md'), found.join(', '));
    assert.ok(found.length > 5, found.join(', '));
  });

  test('every relative link names a file or folder that exists, and every heading it names is there', () => {
    const broken: string[] = [];
    for (const page of pages()) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const target of linkTargets(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(root, page) : join(root, dirname(page), decodeURIComponent(path));
        if (!existsSync(file)) {
          broken.push(`${page}: ${target} (no ${relative(root, file)})`);
          continue;
        }
        if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor))
          broken.push(`${page}: ${target} (no such heading in ${relative(root, file)})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  test('a heading is found by the anchor GitHub gives it, and a broken link would be caught', () => {
    const page = '# Configuration and limits\n\n## The database (`server/db/`)\n\n## Limits\n\n## Limits\n\n```\n# not a heading\n```\n';
    assert.deepEqual([...anchors(page)], ['configuration-and-limits', 'the-database-serverdb', 'limits', 'limits-1']);
    assert.deepEqual(linkTargets('[a](docs/a.md#b) `[c](d.md)` ![e](f.svg "F")\n```\n[g](h.md)\n```\n'), ['docs/a.md#b', 'f.svg']);
  });
});
