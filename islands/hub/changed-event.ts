// The page event the hub client raises when rows of a resource changed (hub.ts), apart from the hub client
// so that what listens for it (table-changes.ts, in a table's chunk) does not carry the hub along.
export const CHANGED_EVENT = 'backroom:changed';

export interface ChangedDetail {
  resource: string;
  /** Who changed the rows: a user's id, 0 for the system (a new inbox item, a scheduled check). */
  by: number;
}

/** The signed-in user's id, from the page's `user-id` meta (0 when the page has none). */
export function signedInUserId(): number {
  return Number(document.querySelector<HTMLMetaElement>('meta[name="user-id"]')?.content) || 0;
}
