-- IT marks a client error as handled (issue 38): a flag the client errors table edits, at its version like
-- every editable table, and an index for the table's filter of those still to handle.
alter table user_errors add column is_handled boolean not null default false;
alter table user_errors add column version integer not null default 1;
create index user_errors_unhandled_idx on user_errors (created_at desc) where not is_handled;
