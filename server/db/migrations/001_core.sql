-- Core schema: reference data, people and access, stores and their sales, sign-in sessions, inbox, IT errors,
-- and the audit log. SQL that both PostgreSQL 15 and PGlite (PostgreSQL 18) accept.
create extension if not exists pg_trgm;

create table meta (
  key text primary key,
  value text not null
);

create table states (
  state_id serial primary key,
  code char(2) not null unique,
  name text not null unique,
  region text not null,
  version integer not null default 1
);

create table groups (
  group_id serial primary key,
  code text not null unique,
  name text not null,
  description text not null default '',
  version integer not null default 1
);

create table instances (
  instance_id serial primary key,
  code text not null unique,
  name text not null
);

create table roles (
  role_id serial primary key,
  code text not null unique,
  name text not null
);

create table users (
  user_id serial primary key,
  user_name text not null,
  email text not null default '',
  first_name text not null,
  middle_name text not null default '',
  last_name text not null,
  password_hash text not null,
  is_active boolean not null default true,
  is_admin boolean not null default false,
  is_super_admin boolean not null default false,
  group_id integer references groups (group_id),
  create_date timestamptz not null default now(),
  update_date timestamptz not null default now(),
  version integer not null default 1
);
create unique index users_user_name_key on users (lower(user_name));

create table user_roles (
  user_id integer not null references users (user_id) on delete cascade,
  role_id integer not null references roles (role_id) on delete cascade,
  primary key (user_id, role_id)
);

create table user_instances (
  user_id integer not null references users (user_id) on delete cascade,
  instance_id integer not null references instances (instance_id) on delete cascade,
  primary key (user_id, instance_id)
);

create table stores (
  store_id serial primary key,
  store_number integer not null unique,
  name text not null,
  city text not null,
  state_id integer not null references states (state_id),
  group_id integer not null references groups (group_id),
  open_date date not null,
  is_active boolean not null default true,
  create_date timestamptz not null default now(),
  update_date timestamptz not null default now(),
  version integer not null default 1
);
create index stores_state_idx on stores (state_id);
create index stores_group_idx on stores (group_id);

create table cycles (
  cycle_id serial primary key,
  kind text not null check (kind in ('weekly', 'monthly')),
  name text not null,
  start_date date not null,
  end_date date not null,
  version integer not null default 1,
  unique (kind, start_date),
  check (end_date >= start_date)
);

-- Daily sales facts: margin is a fraction (0.2345 = 23.45 %), money is exact numeric.
create table sales (
  sale_id bigserial primary key,
  store_id integer not null references stores (store_id),
  sale_date date not null,
  sales numeric(14, 2) not null,
  transactions integer not null,
  margin numeric(6, 4) not null,
  version integer not null default 1,
  unique (store_id, sale_date)
);
create index sales_date_idx on sales (sale_date);

create table menus (
  menu_id serial primary key,
  parent_id integer references menus (menu_id) on delete cascade,
  title text not null,
  url text not null default '',
  icon text not null default '',
  sort_order integer not null default 0,
  required_role text,
  admin_only boolean not null default false,
  super_admin_only boolean not null default false,
  version integer not null default 1
);

create table sessions (
  session_id text primary key,
  user_id integer not null references users (user_id) on delete cascade,
  csrf_token text not null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_expires_idx on sessions (expires_at);
create index sessions_user_idx on sessions (user_id);

create table login_attempts (
  attempt_id bigserial primary key,
  user_name text not null,
  address text not null,
  succeeded boolean not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_name_idx on login_attempts (lower(user_name), attempted_at);
create index login_attempts_address_idx on login_attempts (address, attempted_at);

-- Messages, alerts and notifications: one inbox, three kinds, each addressed to one user with its own IsRead.
create table inbox (
  inbox_id bigserial primary key,
  kind text not null check (kind in ('message', 'alert', 'notification')),
  user_id integer not null references users (user_id) on delete cascade,
  sender_id integer references users (user_id) on delete set null,
  title text not null,
  body text not null default '',
  severity text not null default 'info' check (severity in ('info', 'success', 'warning', 'error')),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  version integer not null default 1
);
create index inbox_user_idx on inbox (user_id, kind, created_at desc);

-- Client-side errors reported to the IT department.
create table user_errors (
  error_id bigserial primary key,
  page text not null default '',
  url text not null default '',
  status integer,
  error_thrown text not null default '',
  message text not null default '',
  exception_message text not null default '',
  exception_type text not null default '',
  stack_trace text not null default '',
  user_id integer references users (user_id) on delete set null,
  user_agent text not null default '',
  address text not null default '',
  app_version text not null default '',
  created_at timestamptz not null default now()
);
create index user_errors_created_idx on user_errors (created_at desc);

create table audit_log (
  audit_id bigserial primary key,
  user_id integer references users (user_id) on delete set null,
  at timestamptz not null default now(),
  resource text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  row_key text not null,
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on audit_log (at desc);
create index audit_log_resource_idx on audit_log (resource, row_key);
