// A request the table API refuses, with the sentence the user reads. Thrown while parsing; the route turns
// it into a 400 in the request's dialect (sError / error / Error).
import { msg, type MessageKey } from '../../messages.ts';

export class TableRequestError extends Error {
  constructor(key: MessageKey, ...args: Array<string | number>) {
    super(msg(key, ...args));
    this.name = 'TableRequestError';
  }
}

/** A client-sent name made safe to quote back: identifier characters only, and short. */
export function quoteName(name: string): string {
  const safe = name.replace(/[^\w.-]/g, '').slice(0, 40);
  return safe || '?';
}
