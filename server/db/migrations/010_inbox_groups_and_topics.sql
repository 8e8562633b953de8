-- Messages to a group, and the system's own alerts and notifications (server/inbox/).
-- A message to a group is stored once per member, each with its own IsRead; group_id says which group it
-- was addressed to (null: to the user alone). A system item says what it is about in `topic` (a row of a
-- table, say), so that the same news is not raised twice while the first is still unread.
alter table inbox add column group_id integer references groups (group_id) on delete set null;
alter table inbox add column topic text;
create index inbox_user_topic_idx on inbox (user_id, topic, created_at desc) where topic is not null;

-- The stores whose daily sales were found missing for a day, and so alerted: the daily check raises each
-- store and day once, however often it runs, on however many instances (the key decides the race).
create table sales_missing_alerts (
  store_id integer not null references stores (store_id) on delete cascade,
  sale_date date not null,
  alerted_at timestamptz not null default now(),
  primary key (sale_date, store_id)
);
