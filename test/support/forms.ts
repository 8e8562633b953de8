// Posting forms as a browser does (urlencoded, repeated names for checkbox lists) and reading back what a
// server-rendered form shows: each field's message and value.
import type { LightMyRequestResponse } from 'fastify';
import type { SignedIn } from './app.ts';

export type FormFields = Record<string, string | ReadonlyArray<string>>;

export function postForm(
  user: SignedIn,
  url: string,
  fields: FormFields,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of typeof value === 'string' ? [value] : value) body.append(name, v);
  return user.inject({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export function unescapeHtml(text: string): string {
  return text.replace(/&(quot|lt|gt|amp|#\d+);/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ({ quot: '"', lt: '<', gt: '>', amp: '&' }[e] ?? ''),
  );
}

/** The messages shown in the form's message slots, by element id, leaving out empty slots. */
export function shownMessages(html: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const m of html.matchAll(/<p class="field-message" id="([^"]+)"[^>]*>([^<]*)<\/p>/g)) {
    if (m[2]) messages[m[1]!] = unescapeHtml(m[2]);
  }
  return messages;
}

/** The value attribute of the input named `name`, or null when there is no such input. */
export function inputValue(html: string, name: string): string | null {
  const tag = new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  return value === undefined ? null : unescapeHtml(value);
}
