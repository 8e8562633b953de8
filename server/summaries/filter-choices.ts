// The choices of the Summaries and Charts screens' parameter form: every cycle (monthly, then weekly, newest
// first), and the states and groups that hold stores the user sees, so nobody is offered an empty region.
// Kept as the summaries' figures are: every Summaries and Charts page draws them.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { Choice } from '../forms/submitted-form.ts';
import { loadCycleChoices } from './cycle-choices.ts';
import { storeScope } from '../stores/visible-stores.ts';
import { keptQuery } from './kept-figures.ts';

export interface FilterChoices {
  cycles: Choice[];
  states: Choice[];
  groups: Choice[];
}

export async function filterChoices(pool: pg.Pool, user: CurrentUser): Promise<FilterChoices> {
  const params: unknown[] = [];
  const visible = storeScope(user, 's.store_id', undefined, params);
  const [cycles, states, groups] = await Promise.all([
    loadCycleChoices(pool),
    keptQuery<Choice>(
      pool,
      `select st.state_id::text as value, st.name as label from states st
       where exists (select 1 from stores s where s.state_id = st.state_id and ${visible}) order by st.name`,
      params,
    ),
    keptQuery<Choice>(
      pool,
      `select g.group_id::text as value, g.name as label from groups g
       where exists (select 1 from stores s where s.group_id = g.group_id and ${visible}) order by g.name`,
      params,
    ),
  ]);
  return { cycles, states: states.rows, groups: groups.rows };
}
