-- Sign-in with the company's identity provider (issue 40): which provider account (issuer and subject, which
-- never change, unlike a user name) is linked to which user, and, on a session opened through the provider,
-- what it needs to be checked again with the provider (server/auth/oidc/provider-sessions.ts) and signed out
-- there: the ID token (the end-session call's hint), the refresh token and when the next check is due.
create table user_identities (
  issuer text not null,
  subject text not null,
  user_id integer not null references users (user_id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_identities_user_idx on user_identities (user_id);

alter table sessions add column provider_id_token text;
alter table sessions add column provider_refresh_token text;
alter table sessions add column provider_check_at timestamptz;
