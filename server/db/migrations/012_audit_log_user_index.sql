-- A user's detail page lists the changes that user made, newest first (server/details/record-changes.ts:
-- `where user_id = $1 order by at desc, audit_id desc`): without this index that reads the whole audit log,
-- which grows with every change anyone makes.
create index audit_log_user_at_idx on audit_log (user_id, at desc, audit_id desc);
