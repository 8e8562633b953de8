-- API tokens for machines writing through the feed (issue 36): each names the tables it may write (rows of
-- api_token_tables, codes of feed_tables), the group whose stores it writes for (null: every store) and its
-- expiry. Only the SHA-256 of the secret is kept: the secret itself is shown once, in the add's answer.
-- last_used_at says when it was last used; window_start/window_count count its requests in the current
-- minute (the per-token rate limit, kept here so that every instance counts the same requests).
create table feed_tables (
  feed_table_id serial primary key,
  code text not null unique,
  name text not null
);
insert into feed_tables (code, name) values ('sales', 'Daily sales'), ('stores', 'Stores'), ('states', 'States'), ('cycles', 'Cycles');

create table api_tokens (
  token_id serial primary key,
  name text not null,
  group_id integer references groups (group_id),
  expires_on date not null,
  token_hash text not null unique,
  created_by integer not null references users (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  window_start timestamptz,
  window_count integer not null default 0,
  version integer not null default 1
);
create index api_tokens_name_idx on api_tokens (name);
create index api_tokens_expires_on_idx on api_tokens (expires_on);
create index api_tokens_last_used_at_idx on api_tokens (last_used_at);

create table api_token_tables (
  token_id integer not null references api_tokens (token_id) on delete cascade,
  feed_table_id integer not null references feed_tables (feed_table_id),
  primary key (token_id, feed_table_id)
);

-- A feed request sent with an Idempotency-Key, per token: the SHA-256 of its body, and once answered its
-- status and answer, given again to the same request sent again. A row without an answer is under way (or
-- its instance stopped: after a while another may take it over). Old ones are swept. The answer is json, not
-- jsonb: given again byte for byte, its keys in the order they were sent.
create table feed_requests (
  token_id integer not null references api_tokens (token_id) on delete cascade,
  idempotency_key text not null,
  resource text not null,
  body_hash text not null,
  status integer,
  answer json,
  created_at timestamptz not null default now(),
  primary key (token_id, idempotency_key)
);
create index feed_requests_created_at_idx on feed_requests (created_at);
