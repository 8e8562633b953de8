// Loads the signed-in user, with the session, in the spec's shape (GET /api/common/current-user): flags,
// group, roles and instances; and, beside it, whether their password is a temporary one they must replace.
import type { Database } from '../db/index.ts';
import type { CurrentUser } from '../../common/roles.ts';

interface UserRow {
  user_id: number;
  user_name: string;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  is_active: boolean;
  is_admin: boolean;
  is_super_admin: boolean;
  group_id: number | null;
  group_code: string | null;
  group_name: string | null;
  create_date: Date;
  update_date: Date;
  roles: string[];
  instances: string[];
}

const userColumns = `
  u.user_id, u.user_name, u.email, u.first_name, u.middle_name, u.last_name, u.is_active, u.is_admin,
  u.is_super_admin, u.group_id, g.code as group_code, g.name as group_name, u.create_date, u.update_date,
  array(select r.code from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.code) as roles,
  array(select i.code from user_instances ui join instances i using (instance_id) where ui.user_id = u.user_id order by i.code) as instances`;

// Prepared (named) where the database allows it: each connection plans it once, not on every request
// (planning its joins and subqueries costs more than running them, and every signed-in request runs it).
// A temporary password binds only a session its password opened: one through the company's identity provider
// (provider_check_at set) was not opened with it.
const sessionUserSql = `select s.csrf_token, s.expires_at, u.must_change_password and s.provider_check_at is null as must_change_password,
  s.provider_check_at is not null as via_provider, coalesce(s.provider_check_at <= now(), false) as provider_check_due,
  u.password_hash like 'scrypt$%' as has_password, ${userColumns}
  from sessions s join users u using (user_id) left join groups g on g.group_id = u.group_id
  where s.session_id = $1 and s.expires_at > now() and u.is_active`;

interface SessionRow extends UserRow {
  csrf_token: string;
  expires_at: Date;
  must_change_password: boolean;
  via_provider: boolean;
  provider_check_due: boolean;
  has_password: boolean;
}

/** A live session and its user, as the session plugin keeps them (server/users/session-users.ts). */
export interface SessionUser {
  user: CurrentUser;
  csrfToken: string;
  /** Moved on when a request slides the session (plugins/session.ts), in what is kept too. */
  expiresAt: Date;
  mustChangePassword: boolean;
  /** Opened through the company's identity provider, which is asked from time to time whether it stands. */
  viaProvider: boolean;
  /** The provider is to be asked now whether the session stands (auth/oidc/provider-sessions.ts). */
  providerCheckDue: boolean;
  hasPassword: boolean;
}

/**
 * The live session with this id and its active user, in one round trip: every signed-in request pays
 * for this lookup, so it is one query, not two.
 */
export async function loadSessionUser(db: Database, sessionId: string): Promise<SessionUser | null> {
  const name = db.preparesStatements ? 'session-user' : undefined;
  const r = await db.pool.query<SessionRow>({ name, text: sessionUserSql, values: [sessionId] });
  const row = r.rows[0];
  return row
    ? {
        user: toCurrentUser(row),
        csrfToken: row.csrf_token,
        expiresAt: row.expires_at,
        mustChangePassword: row.must_change_password,
        viaProvider: row.via_provider,
        providerCheckDue: row.provider_check_due,
        // A user made by a first sign-in through the provider has none (auth/oidc/provider-users.ts) until an administrator sets one.
        hasPassword: row.has_password,
      }
    : null;
}

/** Active users by id, as each would be signed in (whom the app tells of something, checked against their access). */
export async function loadActiveUsers(pool: Database['pool'], ids: ReadonlyArray<number>): Promise<CurrentUser[]> {
  const r = await pool.query<UserRow>(
    `select ${userColumns} from users u left join groups g on g.group_id = u.group_id where u.user_id = any($1::int[]) and u.is_active`,
    [ids],
  );
  return r.rows.map(toCurrentUser);
}

function toCurrentUser(u: UserRow): CurrentUser {
  return {
    IsActive: u.is_active,
    CreateDate: u.create_date.toISOString(),
    Email: u.email,
    FirstName: u.first_name,
    MiddleName: u.middle_name,
    LastName: u.last_name,
    FullName: [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' '),
    GroupID: u.group_id,
    GroupName: u.group_name ?? '',
    GroupCode: u.group_code ?? '',
    ID: u.user_id,
    IsAdmin: u.is_admin,
    IsSuperAdmin: u.is_super_admin,
    Roles: u.roles,
    Instances: u.instances,
    UserName: u.user_name,
    UpdateDate: u.update_date.toISOString(),
  };
}
