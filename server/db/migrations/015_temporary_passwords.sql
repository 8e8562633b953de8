-- A password an administrator sets is temporary: its holder must choose their own at their next sign-in
-- (server/auth/password-change.ts), and can reach nothing else until they have. Setting one ends the holder's
-- sessions (013's trigger), so the flag is met at sign-in.
alter table users add column must_change_password boolean not null default false;
