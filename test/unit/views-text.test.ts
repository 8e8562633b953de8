// The templates write no words of their own: what a page says comes from common/messages.ts (through
// `it.msg`) or from the data, so the language file and the spec's wording have one place to live.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { viewsDir } from '../../server/paths.ts';

function templates(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? templates(path) : name.endsWith('.eta') ? [path] : [];
  });
}

/** The words a template writes itself: its text outside Eta tags and HTML tags, and its labelling attributes' literal values. */
function ownWords(source: string): string[] {
  const withoutEta = source.replace(/<%[\s\S]*?%>/g, '\u0000');
  const attributes = [...withoutEta.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => m[1]!);
  const text = withoutEta.replace(/<[^>]*>/g, ' ');
  return [...attributes, text]
    .flatMap((part) => part.split('\u0000'))
    .map((part) =>
      part
        .replace(/&[a-z]+;|&#\d+;/gi, ' ')
        .replace(/[\s·.,:;()|/-]+/g, ' ')
        .trim(),
    )
    .filter((part) => /\p{L}/u.test(part));
}

describe('the templates', () => {
  test('write no words of their own: every text comes from the messages or the data', () => {
    const found = templates(viewsDir).flatMap((file) =>
      ownWords(readFileSync(file, 'utf8')).map((w) => `${relative(viewsDir, file)}: ${w}`),
    );
    assert.deepEqual(found, []);
  });

  test('the check finds words written in text and in labelling attributes', () => {
    assert.deepEqual(ownWords('<p>Sign out</p><input aria-label="Filter" placeholder="<%= it.msg(\'x\') %>"><b><%= it.a %></b>'), [
      'Filter',
      'Sign out',
    ]);
  });
});
