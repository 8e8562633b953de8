-- Daily sales sorted and grouped by state (issue 16). Sorting a million sales by their store's state code,
-- read through stores and states, sorted each state's rows whole (up to 38k) for every page: 25-50 ms. The
-- code kept on the store, indexed with the store number, lets a page walk the stores in state order and
-- each store's sales from its own index, the state's rows taken store by store (server/resources/sales.ts:
-- sortTies): 3-9 ms. The copy cannot drift: it is filled from states on every insert and change of state,
-- and a foreign key over both columns carries a changed code to the stores (and refuses a NULL).
alter table states add constraint states_id_code_key unique (state_id, code);
alter table stores add column state_code char(2);
update stores s set state_code = st.code from states st where st.state_id = s.state_id;

create function stores_state_code() returns trigger language plpgsql as $$
begin
  new.state_code := (select code from states where state_id = new.state_id);
  -- No such state: refused as stores_state_id_fkey would refuse it (naming state_id, so the form's State
  -- field), before the key over both columns would refuse the NULL code without naming a column.
  if new.state_code is null and new.state_id is not null then
    raise foreign_key_violation using
      message = 'insert or update on table "stores" violates foreign key constraint "stores_state_id_fkey"',
      detail = format('Key (state_id)=(%s) is not present in table "states".', new.state_id),
      table = 'stores', constraint = 'stores_state_id_fkey';
  end if;
  return new;
end
$$;
create trigger stores_state_code before insert or update of state_id on stores
  for each row execute function stores_state_code();

alter table stores add constraint stores_state_code_fkey foreign key (state_id, state_code)
  references states (state_id, code) match full on update cascade;
create index stores_state_code_number_idx on stores (state_code, store_number);
