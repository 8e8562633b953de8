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
-- list (a store's group, a user's group, a store's state). Twins a database already holds keep their rows:
-- all but the first get their id after the name ("West (7)"), to be renamed as their users see fit.
update groups g set name = g.name || ' (' || g.group_id || ')'
  where exists (select 1 from groups o where lower(o.name) = lower(g.name) and o.group_id < g.group_id);
update states s set name = s.name || ' (' || s.state_id || ')'
  where exists (select 1 from states o where lower(o.name) = lower(s.name) and o.state_id < s.state_id);
create unique index groups_name_key on groups (lower(name));
create unique index states_name_lower_key on states (lower(name));
