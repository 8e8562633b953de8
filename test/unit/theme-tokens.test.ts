// The two themes' tokens (static/css/theme.css): the dark theme redefines only tokens the light one has; no
// other stylesheet names a colour of its own, so both themes reach every rule; and every pair of text and
// background colours the stylesheets use meets WCAG AA in both themes, including the states axe rarely
// sees (a failed row, a refused field, a pending notice).
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../support/template-db.ts';

const cssDir = join(root, 'static/css');
const read = (name: string) => readFileSync(join(cssDir, name), 'utf8');
const theme = read('theme.css');

/** The custom properties declared in `block`, by name (without the dashes). */
function tokens(block: string): Map<string, string> {
  return new Map([...block.matchAll(/^\s*--([\w-]+):\s*([^;]+);/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}
const light = tokens(/^:root \{([\s\S]*?)^\}/m.exec(theme)![1]!);
const dark = tokens(/@media screen and \(prefers-color-scheme: dark\) \{([\s\S]*?)^\}/m.exec(theme)![1]!);
const themes = { light, dark: new Map([...light, ...dark]) };

/** WCAG's contrast ratio of two #rgb / #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const h = hex.slice(1).length === 3 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text (4.5:1) on the backgrounds the stylesheets put it on. */
const textOn: Record<string, string[]> = {
  ink: ['bg', 'panel', 'current-bg', 'ok-bg', 'warn-bg', 'danger-bg', 'group-bg'],
  muted: ['bg', 'panel', 'current-bg', 'ok-bg', 'warn-bg', 'danger-bg', 'group-bg'],
  accent: ['bg', 'panel', 'current-bg', 'ok-bg', 'warn-bg', 'danger-bg', 'group-bg'],
  danger: ['bg', 'panel', 'danger-bg', 'group-bg'],
  ok: ['panel', 'ok-bg'],
  warn: ['bg', 'panel'],
  'accent-ink': ['accent', 'danger'],
  'bar-ink': ['bar-bg', 'bar-raised'],
  'bar-muted': ['bar-bg'],
};
/** Lines and rings (3:1) against what they border. */
const lineOn: Record<string, string[]> = {
  'field-line': ['bg', 'panel'],
  focus: ['bg', 'panel', 'current-bg'],
  'focus-on-dark': ['bar-bg'],
};

describe('the themes', () => {
  test('the dark theme redefines only tokens the light theme has', () => {
    assert.ok(dark.size > 10);
    assert.deepEqual(
      [...dark.keys()].filter((k) => !light.has(k)),
      [],
    );
  });

  for (const [name, theme] of Object.entries(themes))
    test(`every text and line of the ${name} theme meets WCAG AA on its backgrounds`, () => {
      const short: string[] = [];
      for (const [pairs, least] of [
        [textOn, 4.5],
        [lineOn, 3],
      ] as const)
        for (const [fg, bgs] of Object.entries(pairs))
          for (const bg of bgs) {
            const ratio = contrast(theme.get(fg)!, theme.get(bg)!);
            if (!(ratio >= least)) short.push(`--${fg} on --${bg}: ${ratio.toFixed(2)}`);
          }
      assert.deepEqual(short, []);
    });

  test('no stylesheet but theme.css names a colour, nor a fallback of its own for a token', () => {
    const found: string[] = [];
    for (const file of readdirSync(cssDir).filter((f) => f.endsWith('.css') && f !== 'theme.css')) {
      const text = read(file)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        // A shadow is black in both themes; a line in the text's own colour, faded, is the text's.
        .replace(/box-shadow:[^;]*rgba\(0, 0, 0, [\d.]+\)[^;]*;/g, '')
        .replace(/color-mix\(in srgb, currentColor \d+%, transparent\)/g, '');
      const named = text.match(/#[\da-f]{3,8}\b|\b(?:rgba?|hsla?|color-mix)\(|\b(?:white|black)\b(?!-)|var\(--[\w-]+,/gi) ?? [];
      found.push(...named.map((n) => `${file}: ${n}`));
    }
    assert.deepEqual(found, []);
  });
});
