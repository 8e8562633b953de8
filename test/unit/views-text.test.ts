// The templates and the server write no words of their own: what a page says comes from common/messages.ts
// (through `it.msg` or `msg`) or from the data, so the language file and the spec's wording have one place to live.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { viewsDir } from '../../server/paths.ts';
import { defaultMessages } from '../../server/messages.ts';

const root = join(viewsDir, '..');
const serverDir = join(root, 'server');

function files(dir: string, ending: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ending) : name.endsWith(ending) ? [path] : [];
  });
}

/** Attributes whose values a person reads or hears. */
const LABELLING =
  /\s(?:aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|placeholder|title|alt|label)="([^"]*)"/g;
/** The value of a button drawn by an input. */
const BUTTON_VALUE = /<input\b(?=[^>]*\stype="(?:submit|button|reset)")[^>]*\svalue="([^"]*)"/g;

/** Whether a string literal reads as words for people rather than a class, attribute, path or key. */
function isProse(literal: string): boolean {
  const text = literal.trim();
  if (/[=<>/]/.test(text)) return false;
  return /\p{Lu}\p{Ll}/u.test(text) || /\p{L}+\s+\p{L}+/u.test(text);
}

/** String literals in code (comments left out) that read as words and are not message keys. */
function proseLiterals(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)]
    .map((m) => m[2]!.replace(/\$\{[^}]*\}/g, ' '))
    .filter((literal) => !(literal in defaultMessages) && isProse(literal));
}

/** The words a template writes itself: its text outside Eta tags and HTML tags, its labelling attributes' literal values, and prose in its Eta code. */
function ownWords(source: string): string[] {
  const inEta = [...source.matchAll(/<%([\s\S]*?)%>/g)].flatMap((m) => proseLiterals(m[1]!));
  const withoutEta = source.replace(/<%[\s\S]*?%>/g, '\u0000');
  const attributes = [...withoutEta.matchAll(LABELLING), ...withoutEta.matchAll(BUTTON_VALUE)].map((m) => m[1]!);
  const text = withoutEta.replace(/<[^>]*>/g, ' ');
  return [
    ...[...attributes, text]
      .flatMap((part) => part.split('\u0000'))
      .map((part) =>
        part
          .replace(/&[a-z]+;|&#\d+;/gi, ' ')
          .replace(/[\s·.,:;()|/-]+/g, ' ')
          .trim(),
      )
      .filter((part) => /\p{L}/u.test(part)),
    ...inEta,
  ];
}

/** Properties whose values people read: a page's title, a field's label, a report's description… */
const TEXT_PROPERTY =
  /\b(title|label|description|placeholder|heading|purpose|emptyText|caption|hint)\s*:\s*(['"`])((?:(?!\2)[^\\]|\\.)*)\2/g;
/** A refusal's words given to sendError as a literal. */
const SENT_ERROR = /sendError\([^;]*?,\s*\d{3},\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

/**
 * The words server code writes itself as literals in text-bearing properties and refusals (message keys
 * such as a hint's are not words).
 */
function serverWords(source: string): string[] {
  const code = source.replace(/^\s*(?:\/\/|\*|\/\*).*$/gm, '');
  const values = [...[...code.matchAll(TEXT_PROPERTY)].map((m) => m[3]!), ...[...code.matchAll(SENT_ERROR)].map((m) => m[2]!)];
  return values.map((v) => v.replace(/\$\{[^}]*\}/g, ' ')).filter((v) => /\p{L}/u.test(v) && !(v in defaultMessages));
}

/**
 * Server files whose words are known to be their own, each with why. The planned pages are stand-ins that
 * the table screens replace (another branch rewrites menu-pages.ts); the seed writes demo data, not UI text.
 * An entity's definition (resources/) says its title and labels in the default language: they are the
 * defaults of its own keys in a language file (`<resource>.title`, `<resource>.<Column>`: common/resources/
 * words.ts), not words of the messages.
 */
const SERVER_EXCEPTIONS = new Set(['routes/menu-pages.ts', 'demo/seed.ts', 'demo/seed-places.ts']);
const isDefinition = (file: string) => file.startsWith('resources/');

describe('the templates', () => {
  test('write no words of their own: every text comes from the messages or the data', () => {
    const found = files(viewsDir, '.eta').flatMap((file) =>
      ownWords(readFileSync(file, 'utf8')).map((w) => `${relative(viewsDir, file)}: ${w}`),
    );
    assert.deepEqual(found, []);
  });

  test('the check finds words written in text, in labelling attributes, in button values and in Eta code', () => {
    assert.deepEqual(
      ownWords(
        '<p>Sign out</p><input aria-label="Filter" placeholder="<%= it.msg(\'appName\') %>"><b><%= it.a %></b>' +
          '<input type="submit" value="Send"><input type="hidden" name="x" value="secret">' +
          "<%= it.busy ? 'Please wait' : '' %><b<%= it.on ? ' hidden' : '' %>><%~ include('./_menu') %>",
      ),
      ['Filter', 'Send', 'Sign out', 'Please wait'],
    );
  });
});

describe('the server code', () => {
  test('writes no page titles, labels, descriptions or refusals of its own: they come from the messages', () => {
    const found = files(serverDir, '.ts')
      .filter((file) => !SERVER_EXCEPTIONS.has(relative(serverDir, file)) && !isDefinition(relative(serverDir, file)))
      .flatMap((file) => serverWords(readFileSync(file, 'utf8')).map((w) => `${relative(serverDir, file)}: ${w}`));
    assert.deepEqual(found, []);
  });

  test('the check finds literal titles, labels and refusals, and lets message keys, messages and SQL pass', () => {
    const source = [
      "reply.page('users', { title: 'Users', rows });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source code under check holds a template literal.
      "const f = { label: `From ${x}`, hint: 'hintDate', text: 'select 1' };",
      "return sendError(req, reply, 404, 'No such page');",
      "reply.page('x', { title: msg('usersTitle') });",
      "// title: 'In a comment'",
    ].join('\n');
    assert.deepEqual(serverWords(source), ['Users', 'From  ', 'No such page']);
  });
});
