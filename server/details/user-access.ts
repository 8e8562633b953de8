// What a user account's detail page shows beyond its table row: the roles and instances it holds and its
// group, by name.
import type pg from 'pg';

export interface AccountAccess {
  roles: string[];
  instances: string[];
  group: string;
}

export async function accountAccess(pool: pg.Pool, userId: number): Promise<AccountAccess> {
  const r = await pool.query<AccountAccess>(
    `select array(select r.name from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.name) as roles,
            array(select i.name || ' (' || i.code || ')' from user_instances ui join instances i using (instance_id)
                  where ui.user_id = u.user_id order by i.code) as instances,
            coalesce(g.name || ' (' || g.code || ')', '') as "group"
     from users u left join groups g using (group_id) where u.user_id = $1`,
    [userId],
  );
  return r.rows[0] ?? { roles: [], instances: [], group: '' };
}
