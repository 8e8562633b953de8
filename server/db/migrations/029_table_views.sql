-- Saved views of the tables (issue 39): a table's state (its columns, their order and widths, sort, search,
-- filters, grouping, page size) kept under a name by the person who made it, private or shared with their
-- group, so that it opens in another browser and after signing out (server/table-views/). `table_name` is
-- the table's resource name (/api/<name>); `state` is checked against that table's columns before it is
-- kept (common/table-views.ts). A name is one person's once per table, whatever its case. Each person may
-- open one view of a table by default: their own, or one shared with them.
create table table_views (
  view_id serial primary key,
  table_name text not null,
  owner_id integer not null references users (user_id) on delete cascade,
  name text not null,
  shared boolean not null default false,
  state jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (view_id, table_name)
);
create unique index table_views_owner_name_key on table_views (owner_id, table_name, lower(name));
create index table_views_shared_idx on table_views (table_name, owner_id) where shared;

create table table_view_defaults (
  user_id integer not null references users (user_id) on delete cascade,
  table_name text not null,
  view_id integer not null,
  primary key (user_id, table_name),
  foreign key (view_id, table_name) references table_views (view_id, table_name) on delete cascade
);
create index table_view_defaults_view_idx on table_view_defaults (view_id);
