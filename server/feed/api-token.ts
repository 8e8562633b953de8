// Who a feed request is: the API token in its `Authorization: Bearer <token>` header, looked up by the hash
// of its secret (token-secret.ts), refused when missing, unknown (revoked, mistyped) or expired (401), or when
// it has sent its minute's requests already (429, counted in the database so that every instance counts the
// same requests). A token acts as a user of its own making (feedUser): the administrator who issued it in the
// audit log's user id, the token's name as its user name, the stores of its group (none: every store).
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { formatDate } from '../../common/format.ts';
import { roleCodes, type CurrentUser } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import { changeTables } from '../db/table-changes.ts';
import { tokenHash } from './token-secret.ts';
import { UNFLUSHED } from '../db/unflushed.ts';

/** A token as a feed request presents it. */
export interface ApiToken {
  id: number;
  name: string;
  /** The resource names it may write (`sales`). */
  tables: string[];
  /** The user its writes are made as (feedUser). */
  user: CurrentUser;
}

/** Why a request's token is refused: the status and the sentence, and for 429 how long to wait. */
export interface TokenRefusal {
  status: 401 | 429;
  message: string;
  retryAfter?: number;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The secret of a request's `Authorization: Bearer` header; undefined when it has none. */
export function bearerSecret(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header === undefined ? undefined : (BEARER.exec(header)?.[1] ?? '');
}

interface TokenRow {
  token_id: number;
  name: string;
  expires_on: string;
  expired: boolean;
  tables: string[];
  group_id: number | null;
  group_code: string | null;
  group_name: string | null;
  created_by: number;
  /** Its requests in the current minute, this one counted (null when expired: not counted). */
  count: number | null;
  /** Seconds until the current minute ends. */
  wait: number | null;
}

/**
 * The request's token, or why it is refused. Each use of a token in date is counted (the rate limit), its time
 * kept and recorded in the audit log (as a change of its Last used, by the token), in the same one statement:
 * a feed request costs the database one round trip here. It commits without waiting for the disk
 * (db/unflushed.ts): the request's write, or its answer kept, commits after it and makes it durable too; a
 * request that writes neither (refused here, or answered from its key) has it on disk within the WAL writer's
 * next round (a fraction of a second), and only a crash before that loses the record of that use.
 */
export async function authenticate(req: FastifyRequest, perMinute: number): Promise<ApiToken | TokenRefusal> {
  const secret = bearerSecret(req);
  if (!secret) return { status: 401, message: msg('feedTokenMissing') };
  if (secret.length > 200) return { status: 401, message: msg('feedTokenUnknown') };
  const { db } = req.server;
  // On the feed's own connections, announced as the app's changes (db/index.ts, feedPool).
  const row = await changeTables(
    db.pool,
    ['api_tokens', 'audit_log'],
    0,
    () => useToken(db.feedPool, tokenHash(secret)),
    // A machine's use, one per feed request: the tokens' and audit log's figures follow within FIGURES_LAG_MS.
    { changed: (r) => r?.count !== null, soon: true },
  );
  if (!row) return { status: 401, message: msg('feedTokenUnknown') };
  if (row.expired) return { status: 401, message: msg('feedTokenExpired', formatDate(row.expires_on)) };
  if (row.count! > perMinute) {
    const wait = Math.max(1, row.wait ?? 60);
    return { status: 429, message: msg('feedTooManyRequests', perMinute, wait), retryAfter: wait };
  }
  return { id: row.token_id, name: row.name, tables: row.tables, user: feedUser(row) };
}

/** The token whose secret hashes to `hash`, its use counted, timed and audited unless it expired; undefined when none. */
async function useToken(pool: pg.Pool, hash: string): Promise<TokenRow | undefined> {
  const { rows } = await pool.query<TokenRow>(
    `with ${UNFLUSHED},
     found as (
       select tk.token_id, tk.name, to_char(tk.expires_on, 'YYYY-MM-DD') as expires_on, tk.expires_on < current_date as expired,
              array(select ft.code from api_token_tables att join feed_tables ft on ft.feed_table_id = att.feed_table_id
                    where att.token_id = tk.token_id order by ft.code) as tables,
              tk.group_id, g.code as group_code, g.name as group_name, tk.created_by, tk.last_used_at
         from unflushed, api_tokens tk left join groups g on g.group_id = tk.group_id
        where tk.token_hash = $1),
     counted as (
       update api_tokens tk set
         last_used_at = now(),
         window_start = case when tk.window_start is null or tk.window_start <= now() - interval '1 minute' then now() else tk.window_start end,
         window_count = case when tk.window_start is null or tk.window_start <= now() - interval '1 minute' then 1 else tk.window_count + 1 end
         from found f
        where tk.token_id = f.token_id and not f.expired
        returning tk.token_id, tk.window_count, tk.window_start, tk.last_used_at),
     logged as (
       insert into audit_log (user_id, user_name, resource, action, row_key, before, after)
       select f.created_by, replace($2, '{0}', f.name), 'tokens', 'update', f.token_id::text,
              jsonb_build_object('LastUsedAt', f.last_used_at), jsonb_build_object('LastUsedAt', c.last_used_at)
         from found f join counted c on c.token_id = f.token_id)
     select f.token_id, f.name, f.expires_on, f.expired, f.tables, f.group_id, f.group_code, f.group_name, f.created_by,
            c.window_count as count, ceil(extract(epoch from (c.window_start + interval '1 minute' - now())))::int as wait
       from found f left join counted c on c.token_id = f.token_id`,
    [hash, msg('feedTokenUser', '{0}')],
  );
  return rows[0];
}

/** The user a token's writes are made as: its issuer's id, its own name, its group's stores (none: every store). */
function feedUser(row: TokenRow): CurrentUser {
  const name = msg('feedTokenUser', row.name);
  return {
    IsActive: true,
    CreateDate: '',
    Email: '',
    FirstName: name,
    MiddleName: '',
    LastName: '',
    FullName: name,
    GroupID: row.group_id,
    GroupName: row.group_name ?? '',
    // Without a group the token writes for every store, as head office sees them.
    GroupCode: row.group_id === null ? 'HQ' : (row.group_code ?? ''),
    ID: row.created_by,
    IsAdmin: false,
    IsSuperAdmin: false,
    Roles: [...roleCodes],
    Instances: [],
    UserName: name,
    UpdateDate: '',
  };
}
