// A package part's XML, parsed by saxes as its bytes are inflated. Elements are named without their prefix
// (some writers put every SpreadsheetML element under x:), and a DOCTYPE's entities are never expanded (saxes
// knows only XML's own five), so no part can make the parser fetch or multiply anything. XML that is not
// well formed is a damaged package.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { ImportFileError } from '../import-error.ts';
import { damaged } from './zip-package.ts';

export type Attributes = Readonly<Record<string, string>>;

export interface XmlHandlers {
  open?(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/** An attribute by local name whatever its prefix (r:id, or another prefix for the same namespace). */
export function prefixed(attributes: Attributes, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) if (localName(name) === local && name.includes(':')) return value;
  return undefined;
}

/**
 * Parses `part`, calling `handlers` as it goes, and yields after each chunk so a caller can hand on what the
 * handlers gathered before more is inflated. A handler's ImportFileError ends the parse as it is.
 */
export async function* parseXml(part: Readable, handlers: XmlHandlers): AsyncGenerator<void, void, undefined> {
  const parser = new SaxesParser({ position: false });
  const { open, text, close } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Attributes));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  // saxes's errors (not well formed), zlib's and yauzl's (see zip-package.ts) are a damaged package; a
  // handler's refusal stays what it is.
  try {
    for await (const chunk of part) {
      parser.write(decoder.write(chunk as Buffer));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (err) {
    throw err instanceof ImportFileError ? err : damaged();
  } finally {
    part.destroy();
  }
}

/** Parses a whole part (a small one: relationships, the workbook, styles, shared strings). */
export async function readXml(part: Readable, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(part, handlers));
}
