// A write committed without waiting for the disk (synchronous_commit off for its own transaction only), for
// one that the same request always follows with a synchronously committed write: the WAL is flushed in order,
// so that commit makes this one durable too, and a crash before it loses both (the request left nothing). At
// close of day (bench/close-of-day.ts) a feed request's key claim and its import's record each waited for a
// WAL flush of their own before its rows were written. A common table expression to put first in the
// statement's `with` and select from: one round trip, where `set local` needs a transaction of four.
export const UNFLUSHED = `unflushed as (select set_config('synchronous_commit', 'off', true))`;
