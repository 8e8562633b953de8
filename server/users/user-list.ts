// The users as the administration list shows them: name, group, flags, roles and instances.
import type pg from 'pg';

interface UserListRow {
  ID: number;
  UserName: string;
  FullName: string;
  Email: string;
  GroupName: string;
  IsActive: boolean;
  IsAdmin: boolean;
  IsSuperAdmin: boolean;
  Roles: string[];
  Instances: string[];
}

export async function listUsers(pool: pg.Pool): Promise<UserListRow[]> {
  const r = await pool.query<UserListRow>(
    `select u.user_id as "ID", u.user_name as "UserName",
            concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name) as "FullName",
            u.email as "Email", coalesce(g.name, '') as "GroupName",
            u.is_active as "IsActive", u.is_admin as "IsAdmin", u.is_super_admin as "IsSuperAdmin",
            array(select r.name from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.name) as "Roles",
            array(select i.code from user_instances ui join instances i using (instance_id) where ui.user_id = u.user_id order by i.code) as "Instances"
     from users u left join groups g using (group_id)
     order by lower(u.user_name)`,
  );
  return r.rows;
}

export async function userNameById(pool: pg.Pool, id: number): Promise<string | null> {
  const r = await pool.query<{ user_name: string }>('select user_name from users where user_id = $1', [id]);
  return r.rows[0]?.user_name ?? null;
}
