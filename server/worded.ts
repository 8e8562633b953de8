// Definitions made when their module loads (a report's title, a form field's label) whose words must still
// follow the language file, which the server reads later (server/language.ts): `worded` gives them properties
// that read their message each time they are read. Copy such an object by its property descriptors (as
// defineReport does), never by spreading it, which would read the words once, in the default language.
import { msg, type MessageKey } from './messages.ts';

export function worded<const T extends object, const W extends Record<string, MessageKey>>(
  plain: T,
  words: W,
): T & { readonly [P in keyof W]: string } {
  const out = { ...plain };
  for (const [prop, key] of Object.entries(words)) Object.defineProperty(out, prop, { get: () => msg(key), enumerable: true });
  return out as T & { readonly [P in keyof W]: string };
}
