// The reference of a store selection: `@` and the SHA-256 of its sorted, distinct ids in base64url. Content
// addressed, so one list has one reference whoever registers it and whichever instance is asked, and no list
// can be made to take another's. Its form (common/store-selection.ts, isSelectionReference) can never be
// read as a list of ids.
import { createHash } from 'node:crypto';

/** The ids as the server keeps them: distinct, in order. */
export function canonicalStores(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function referenceOf(ids: readonly number[]): string {
  return `@${createHash('sha256').update(canonicalStores(ids).join(',')).digest('base64url')}`;
}
