// The Summaries and Charts screens' parameter form, a plain GET form: a cycle (empty: the current month),
// a state and a group (empty: all), each select showing what the page was asked for.
import type { CurrentUser } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import type pg from 'pg';
import { filterChoices } from './filter-choices.ts';
import type { SummaryFilter } from './summary-filter.ts';

export interface FilterSelect {
  name: 'cycle' | 'state' | 'group';
  id: string;
  label: string;
  emptyLabel: string;
  options: Array<{ value: string; label: string; selected: boolean }>;
}

export interface FilterForm {
  action: string;
  selects: FilterSelect[];
  submit: string;
}

export async function filterForm(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter, action: string): Promise<FilterForm> {
  const choices = await filterChoices(pool, user);
  const select = (
    name: FilterSelect['name'],
    label: string,
    emptyLabel: string,
    list: typeof choices.cycles,
    chosen: number | null,
  ): FilterSelect => ({
    name,
    id: `filter-${name}`,
    label,
    emptyLabel,
    options: list.map((c) => ({ ...c, selected: c.value === String(chosen) })),
  });
  return {
    action,
    submit: msg('filterShow'),
    selects: [
      select('cycle', msg('fieldCycle'), msg('filterCurrentCycle'), choices.cycles, filter.cycleId),
      select('state', msg('fieldState'), msg('filterAny'), choices.states, filter.stateId),
      select('group', msg('fieldGroup'), msg('filterAny'), choices.groups, filter.groupId),
    ],
  };
}
