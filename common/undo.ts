// How long a table change may be undone: the notice offers Undo for this long (islands/data-table), and the
// server takes an undo this long after the change, and a few seconds more (server/table-api/change/undo-record.ts)
// so that a click in the last moment, still on its way, is not refused.
export const UNDO_SECONDS = 10;
