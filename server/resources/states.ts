// The states' SQL (common/resources/states.ts).
import { states } from '../../common/resources/states.ts';
import { defineResourceSql } from './resource-def.ts';

export const statesDef = defineResourceSql(states, {
  table: 'states',
  alias: 'st',
  columns: {
    StateID: 'st.state_id',
    Code: 'st.code',
    Name: 'st.name',
    Region: 'st.region',
    Version: 'st.version',
  },
});
