// The cycles' SQL (common/resources/cycles.ts).
import { cycles } from '../../common/resources/cycles.ts';
import { defineResourceSql } from './resource-def.ts';

export const cyclesDef = defineResourceSql(cycles, {
  table: 'cycles',
  alias: 'c',
  columns: {
    CycleID: 'c.cycle_id',
    Kind: 'c.kind',
    Name: 'c.name',
    StartDate: 'c.start_date',
    EndDate: 'c.end_date',
    Version: 'c.version',
  },
  constraints: { cycles_end_not_before_start: { field: 'EndDate', message: 'endBeforeStart' } },
});
