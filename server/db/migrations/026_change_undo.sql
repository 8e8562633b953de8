-- Undo of a table change (issue 39): each edit or delete through the table API keeps, for its author and for
-- a short while, what is needed to put its rows back: the change (who, which table, until when it may be
-- undone, whether it was) and each row's audit entry (the row before and after), with a deleted row's own
-- base table row and link rows as they were stored. In the database, not in a process: the undo may reach
-- another instance. An audit entry written by an undo names the entry it undoes.
create table change_undos (
  undo_id bigserial primary key,
  user_id integer not null references users (user_id) on delete cascade,
  resource text not null,
  action text not null check (action in ('update', 'delete')),
  undo_until timestamptz not null,
  undone_at timestamptz
);
create index change_undos_until_idx on change_undos (undo_until);

create table change_undo_rows (
  undo_id bigint not null references change_undos (undo_id) on delete cascade,
  row_key bigint not null,
  audit_id bigint not null references audit_log (audit_id) on delete cascade,
  stored jsonb,
  primary key (undo_id, row_key)
);

alter table audit_log add column undoes bigint references audit_log (audit_id) on delete set null;
