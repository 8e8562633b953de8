-- Rules the table API reports on a field (common/resources: a definition's `constraints`).

-- The head office group's code decides who sees every store (server/stores/visible-stores.ts): renaming it,
-- or giving another group that code, would change every member's reach at a stroke.
create function groups_head_office_code() returns trigger language plpgsql as $$
begin
  if (old.code = 'HQ') <> (new.code = 'HQ') then
    raise exception 'the head office group keeps the code HQ, and no other group takes it'
      using errcode = 'check_violation', constraint = 'groups_head_office_code';
  end if;
  return new;
end
$$;
create trigger groups_head_office_code before update of code on groups
  for each row execute function groups_head_office_code();

-- Named, so that its refusal can be told apart: a cycle ends on or after the day it starts.
alter table cycles rename constraint cycles_check to cycles_end_not_before_start;

-- Two groups, or two states, of the same name in any case cannot be told apart where they are chosen from a
-- list (a store's group, a user's group, a store's state).
create unique index groups_name_key on groups (lower(name));
create unique index states_name_lower_key on states (lower(name));
