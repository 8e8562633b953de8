-- Imports of files into a table (issue 36, server/imports/engine/): one row per uploaded file, from its
-- preview to its end, read by whoever asks for its progress on any instance. Each row an import changes is
-- audited as a change through the table API is, naming its import (audit_log.import_id); the import itself is
-- one audit entry (action 'import': the file, its counts and who), from which those rows are found.
create table imports (
  import_id bigserial primary key,
  resource text not null,
  user_id integer references users (user_id) on delete set null,
  user_name text not null,
  file_name text not null,
  state text not null default 'previewing' check (state in ('previewing', 'running', 'done', 'failed')),
  mode text check (mode in ('add-update', 'add', 'update')),
  valid_only boolean not null default false,
  total integer,
  done integer not null default 0,
  counts jsonb,
  error text,
  created_at timestamptz not null default now(),
  -- When a run last said it was alive (its start, its progress): one whose instance died stops counting.
  touched_at timestamptz not null default now(),
  finished_at timestamptz
);
create index imports_user_idx on imports (user_id, state);

alter table audit_log add column import_id bigint references imports (import_id) on delete set null;
create index audit_log_import_idx on audit_log (import_id) where import_id is not null;
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('insert', 'update', 'delete', 'import'));
