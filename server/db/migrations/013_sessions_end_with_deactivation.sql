-- A deactivated account keeps no session: its sessions are deleted in the same transaction as the change
-- that deactivates it, whichever path makes it (the users table, a script, psql), so a reactivated account
-- never finds its old cookies working again. A new password (issue 26 adds a form for it) ends the
-- account's sessions the same way; the form that sets it signs its own session in again if it should stay.
-- The app's hub hears of every change to users and closes the sockets of sessions gone (server/hub/hub.ts).
create function sessions_end_with_account() returns trigger language plpgsql as $$
begin
  if (old.is_active and not new.is_active) or new.password_hash is distinct from old.password_hash then
    delete from sessions where user_id = new.user_id;
  end if;
  return null;
end $$;

create trigger users_end_sessions after update of is_active, password_hash on users
  for each row execute function sessions_end_with_account();
