// The groups, roles and instances a user can be given, as the new-user form offers them.
import type pg from 'pg';
import type { Choice } from '../forms/submitted-form.ts';

/** By the new-user form's field names. */
type UserChoices = {
  GroupID: Choice[];
  Roles: Choice[];
  Instances: Choice[];
};

export async function loadUserChoices(pool: pg.Pool): Promise<UserChoices> {
  const r = await pool.query<{ list: string; value: string; label: string }>(
    `select 'GroupID' as list, group_id::text as value, name as label from groups
     union all select 'Roles', code, name from roles
     union all select 'Instances', code, name from instances
     order by list, label`,
  );
  const choices: UserChoices = { GroupID: [], Roles: [], Instances: [] };
  for (const row of r.rows) choices[row.list as keyof UserChoices].push({ value: row.value, label: row.label });
  return choices;
}
