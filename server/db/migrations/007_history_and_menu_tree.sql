-- History that outlives the accounts it names, and a menu tree that cannot lose or loop its entries.

-- Who made a change, or reported an error, is kept by name: deleting the account (which sets user_id to
-- NULL) must not make the audit log or IT's list forget who it was. User names never change.
alter table audit_log add column user_name text not null default '';
update audit_log a set user_name = u.user_name from users u where u.user_id = a.user_id;
alter table user_errors add column user_name text not null default '';
update user_errors e set user_name = u.user_name from users u where u.user_id = e.user_id;

-- Deleting a menu entry deleted every entry under it, unchecked and unaudited: now it is refused while
-- entries are under it (they are moved or deleted first, each at its version, each audited).
alter table menus drop constraint menus_parent_id_fkey;
alter table menus add constraint menus_parent_id_fkey foreign key (parent_id) references menus (menu_id);

-- An entry under itself, directly or through others, would vanish from the side menu with its subtree.
create function menus_parent_not_below() returns trigger language plpgsql as $$
begin
  if new.parent_id is not null and exists (
    with recursive up (menu_id, parent_id) as (
      select m.menu_id, m.parent_id from menus m where m.menu_id = new.parent_id
      union
      select m.menu_id, m.parent_id from menus m join up on m.menu_id = up.parent_id
    )
    select 1 from up where up.menu_id = new.menu_id
  ) then
    raise exception 'menu % cannot be placed under itself', new.menu_id
      using errcode = 'check_violation', column = 'parent_id';
  end if;
  return new;
end
$$;
create trigger menus_parent_not_below before insert or update of parent_id on menus
  for each row execute function menus_parent_not_below();
