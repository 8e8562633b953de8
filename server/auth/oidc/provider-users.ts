// Who a provider sign-in is in Backroom. A provider account (issuer + subject, which never change) is linked
// to one user at its first sign-in: to the user whose user name is the configured claim's value, or, where
// administrators chose `OIDC_FIRST_SIGN_IN=create`, to a new user made from the claims. Later sign-ins find
// the user by that link, so a renamed account at the provider stays the same user and a reused name cannot
// take over another's. Where the provider's groups are mapped, every sign-in sets the user's roles and group
// from them (the provider is where IT keeps them). Each change is in the audit log, by the user it concerns.
import type pg from 'pg';
import type { RoleCode } from '../../../common/roles.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { changeTables } from '../../db/table-changes.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { OidcSettings } from './oidc-settings.ts';

/** Stored as the password of a user the provider created: no password matches it (auth/password.ts reads only scrypt). */
const NO_PASSWORD = 'provider-only';

export type ProviderClaims = Record<string, unknown>;

export type ProviderUser =
  | { userId: number; userName: string }
  | { refused: 'noUserClaim' | 'unknownUser' | 'inactiveUser' | 'linkedToAnother'; userName: string };

interface UserRow {
  user_id: number;
  user_name: string;
  is_active: boolean;
  group_id: number | null;
  roles: string[];
}

const userRow = `select u.user_id, u.user_name, u.is_active, u.group_id,
  array(select r.code from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.code) as roles
  from users u`;

function text(claims: ProviderClaims, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The provider's groups of the user, as the groups claim lists them (an array, or one string). */
export function providerGroups(claims: ProviderClaims, settings: OidcSettings): string[] {
  const value = claims[settings.groupsClaim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

/** The roles the user's provider groups give, or undefined when no mapping is configured. */
export function mappedRoles(groups: ReadonlyArray<string>, settings: OidcSettings): RoleCode[] | undefined {
  if (!settings.groupRoles) return undefined;
  return [...new Set(groups.flatMap((g) => settings.groupRoles?.get(g) ?? []))].sort();
}

/** The code of the Backroom group the user's provider groups give (the first matched), or undefined. */
export function mappedGroup(groups: ReadonlyArray<string>, settings: OidcSettings): string | undefined {
  for (const g of groups) {
    const code = settings.groupGroups?.get(g);
    if (code) return code;
  }
  return undefined;
}

export async function providerUser(pool: pg.Pool, settings: OidcSettings, claims: ProviderClaims): Promise<ProviderUser> {
  const issuer = text(claims, 'iss');
  const subject = text(claims, 'sub');
  const userName = text(claims, settings.userClaim);
  const groups = providerGroups(claims, settings);
  const tables = ['users', 'user_roles', 'user_identities', 'audit_log'];
  // Announced as a change by the user (0 until known): the users table's viewers hear of a new or changed user.
  return changeTables(pool, tables, 0, () =>
    inTransaction(pool, async (client): Promise<ProviderUser> => {
      const linked = await client.query<UserRow>(
        `${userRow} join user_identities i using (user_id) where i.issuer = $1 and i.subject = $2 for update of u`,
        [issuer, subject],
      );
      let user = linked.rows[0];
      if (!user) {
        if (!userName) return { refused: 'noUserClaim', userName };
        const named = await client.query<UserRow>(`${userRow} where lower(u.user_name) = lower($1) for update`, [userName]);
        user = named.rows[0];
        if (user) {
          const other = await client.query('select 1 from user_identities where user_id = $1 and issuer = $2', [user.user_id, issuer]);
          if (other.rowCount) return { refused: 'linkedToAnother', userName };
        } else if (settings.firstSignIn === 'create') {
          user = await createProviderUser(client, settings, claims, userName, groups);
        } else {
          return { refused: 'unknownUser', userName };
        }
        await client.query('insert into user_identities (issuer, subject, user_id) values ($1, $2, $3)', [issuer, subject, user.user_id]);
        const actor = { ID: user.user_id, UserName: user.user_name };
        await writeAudit(client, {
          user: actor,
          resource: 'users',
          action: 'update',
          key: user.user_id,
          before: { ID: user.user_id, ProviderAccount: null },
          after: { ID: user.user_id, ProviderAccount: `${subject} at ${issuer}` },
        });
      }
      if (!user.is_active) return { refused: 'inactiveUser', userName: user.user_name };
      await applyGroupMapping(client, settings, user, groups);
      return { userId: user.user_id, userName: user.user_name };
    }),
  );
}

async function createProviderUser(
  client: pg.PoolClient,
  settings: OidcSettings,
  claims: ProviderClaims,
  userName: string,
  groups: ReadonlyArray<string>,
): Promise<UserRow> {
  const groupCode = mappedGroup(groups, settings);
  const group = groupCode ? await client.query<{ group_id: number }>('select group_id from groups where code = $1', [groupCode]) : null;
  const names = text(claims, 'name').split(/\s+/);
  const firstName = text(claims, 'given_name') || names[0] || userName;
  const lastName = text(claims, 'family_name') || (names.length > 1 ? names.at(-1)! : '');
  const email = text(claims, 'email');
  const inserted = await client.query<{ user_id: number }>(
    `insert into users (user_name, email, first_name, last_name, password_hash, group_id, must_change_password)
     values ($1, $2, $3, $4, $5, $6, false) returning user_id`,
    [userName, email, firstName, lastName, NO_PASSWORD, group?.rows[0]?.group_id ?? null],
  );
  const id = inserted.rows[0]!.user_id;
  const roles = mappedRoles(groups, settings) ?? [];
  await client.query('insert into user_roles (user_id, role_id) select $1, role_id from roles where code = any($2::text[])', [id, roles]);
  await writeAudit(client, {
    user: { ID: id, UserName: userName },
    resource: 'users',
    action: 'insert',
    key: id,
    before: null,
    after: {
      ID: id,
      UserName: userName,
      FirstName: firstName,
      LastName: lastName,
      Email: email,
      GroupID: group?.rows[0]?.group_id ?? null,
      Roles: roles,
    },
  });
  return { user_id: id, user_name: userName, is_active: true, group_id: group?.rows[0]?.group_id ?? null, roles };
}

/** Sets the user's roles and group from their provider groups, where a mapping says how; audited when it changes them. */
async function applyGroupMapping(
  client: pg.PoolClient,
  settings: OidcSettings,
  user: UserRow,
  groups: ReadonlyArray<string>,
): Promise<void> {
  const roles = mappedRoles(groups, settings);
  const groupCode = mappedGroup(groups, settings);
  const group = groupCode
    ? ((await client.query<{ group_id: number }>('select group_id from groups where code = $1', [groupCode])).rows[0]?.group_id ??
      user.group_id)
    : user.group_id;
  const rolesChanged = roles !== undefined && roles.join() !== [...user.roles].sort().join();
  const groupChanged = group !== user.group_id;
  if (!rolesChanged && !groupChanged) return;
  if (rolesChanged) {
    await client.query('delete from user_roles where user_id = $1', [user.user_id]);
    await client.query('insert into user_roles (user_id, role_id) select $1, role_id from roles where code = any($2::text[])', [
      user.user_id,
      roles,
    ]);
  }
  await client.query('update users set group_id = $2, update_date = now(), version = version + 1 where user_id = $1', [
    user.user_id,
    group,
  ]);
  await writeAudit(client, {
    user: { ID: user.user_id, UserName: user.user_name },
    resource: 'users',
    action: 'update',
    key: user.user_id,
    before: { ID: user.user_id, GroupID: user.group_id, Roles: user.roles },
    after: { ID: user.user_id, GroupID: group, Roles: roles ?? user.roles },
  });
}
