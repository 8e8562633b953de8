// Demo data that feels real: states, regional groups, instances, roles, ~500 stores, weekly and monthly
// cycles over 3 years, daily sales per store, the side menu (server/shell/menu-entries.ts), users with every combination of flags and
// roles, and a few inbox items. Idempotent: a marker in `meta` says it ran. Everything but the sales is
// one transaction of a fraction of a second; the sales history, planned in it, is loaded after it
// (sales-history.ts): in the background on the app's first start, at once by `seedDemo`.
import type pg from 'pg';
import { roleCodes, roleNames, type RoleCode } from '../../common/roles.ts';
import { resources } from '../resources/index.ts';
import { hashPassword } from '../auth/password.ts';
import { regionGroups, statePlaces } from './seed-places.ts';
import { addStoresUpTo } from './seed-stores.ts';
import { loadSalesHistory, planSalesHistory } from './sales-history.ts';
import { inTransaction } from '../db/transaction.ts';
import { addMenuEntriesWith } from '../shell/menu-entries.ts';

interface SeedOptions {
  adminPassword: string;
  /** Demo users' password; the admin's when unset. */
  demoPassword?: string | undefined;
  stores?: number;
  /** Days of daily sales per store, ending yesterday (500 stores x 1100 days ~ 550k rows). */
  salesDays?: number;
}

interface DemoUser {
  userName: string;
  first: string;
  last: string;
  group: string;
  admin?: boolean;
  superAdmin?: boolean;
  active?: boolean;
  roles: RoleCode[];
  instances: string[];
  note: string;
}

/** The demo users, also listed in README.md. */
const demoUsers: DemoUser[] = [
  {
    userName: 'admin',
    first: 'Avery',
    last: 'Administrator',
    group: 'HQ',
    admin: true,
    superAdmin: true,
    roles: [...roleCodes],
    instances: ['PROD', 'TRAIN'],
    note: 'super administrator: everything',
  },
  {
    userName: 'manager',
    first: 'Morgan',
    last: 'Reyes',
    group: 'HQ',
    admin: true,
    roles: ['stores', 'sales', 'reports'],
    instances: ['PROD'],
    note: 'administrator, not super administrator',
  },
  {
    userName: 'analyst',
    first: 'Jordan',
    last: 'Lee',
    group: 'NE',
    roles: ['sales', 'reports'],
    instances: ['PROD'],
    note: 'sales and reports for the Northeast stores',
  },
  {
    userName: 'clerk',
    first: 'Casey',
    last: 'Nguyen',
    group: 'WE',
    roles: ['stores'],
    instances: ['PROD'],
    note: 'plain staff with one role (stores), West stores',
  },
  {
    userName: 'itdesk',
    first: 'Riley',
    last: 'Patel',
    group: 'HQ',
    roles: ['it', 'messages'],
    instances: ['PROD', 'TRAIN'],
    note: 'IT department: client error reports and messaging',
  },
  { userName: 'trainee', first: 'Taylor', last: 'Brooks', group: 'MW', roles: [], instances: ['TRAIN'], note: 'no roles at all' },
  {
    userName: 'former',
    first: 'Jamie',
    last: 'Ortiz',
    group: 'SE',
    active: false,
    roles: ['stores', 'sales'],
    instances: ['PROD'],
    note: 'inactive: cannot sign in',
  },
];

const instances = [
  { code: 'PROD', name: 'Production' },
  { code: 'TRAIN', name: 'Training' },
];

/** Two app instances starting together on a new PostgreSQL database take turns to seed it. */
const SEED_LOCK = 7_240_312;

/**
 * Seeds everything the first screens need (all but the daily sales) and plans the sales history, unless
 * the database was seeded before. Whether it seeded.
 */
export async function seedFirstScreens(pool: pg.Pool, options: SeedOptions): Promise<boolean> {
  const done = await pool.query(`select 1 from meta where key = 'seeded'`);
  if (done.rowCount) return false;
  return inTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await client.query(`select 1 from meta where key = 'seeded'`)).rowCount) return false;
    await seedReference(client);
    await addStoresUpTo(client, options.stores ?? 500);
    await seedCycles(client);
    await addMenuEntriesWith(client, resources);
    await seedUsers(client, options.adminPassword, options.demoPassword ?? options.adminPassword);
    await seedInbox(client);
    await planSalesHistory(client, options.salesDays ?? 1100);
    await client.query(`insert into meta (key, value) values ('seeded', now()::text)`);
    return true;
  });
}

/** The whole demo data at once, sales history included (test templates, benchmarks). Whether it seeded. */
export async function seedDemo(pool: pg.Pool, options: SeedOptions): Promise<boolean> {
  const seeded = await seedFirstScreens(pool, options);
  await loadSalesHistory(pool);
  return seeded;
}

async function seedReference(db: pg.PoolClient): Promise<void> {
  await db.query(`insert into states (code, name, region) select * from unnest($1::text[], $2::text[], $3::text[])`, [
    statePlaces.map((s) => s.code),
    statePlaces.map((s) => s.name),
    statePlaces.map((s) => s.region),
  ]);
  await db.query(`insert into groups (code, name, description) select * from unnest($1::text[], $2::text[], $3::text[])`, [
    regionGroups.map((g) => g.code),
    regionGroups.map((g) => g.name),
    regionGroups.map((g) => g.description),
  ]);
  await db.query(`insert into instances (code, name) select * from unnest($1::text[], $2::text[])`, [
    instances.map((i) => i.code),
    instances.map((i) => i.name),
  ]);
  await db.query(`insert into roles (code, name) select * from unnest($1::text[], $2::text[])`, [
    [...roleCodes],
    roleCodes.map((c) => roleNames[c]),
  ]);
}

async function seedCycles(db: pg.PoolClient): Promise<void> {
  // Weeks run Monday to Sunday; both kinds cover the last three years up to the current period.
  await db.query(`
    insert into cycles (kind, name, start_date, end_date)
    select 'weekly', 'Week ' || to_char(d, 'IYYY-"W"IW'), d::date, (d + interval '6 days')::date
    from generate_series(date_trunc('week', current_date - interval '3 years'), current_date, interval '1 week') d`);
  await db.query(`
    insert into cycles (kind, name, start_date, end_date)
    select 'monthly', to_char(d, 'FMMonth YYYY'), d::date, (d + interval '1 month' - interval '1 day')::date
    from generate_series(date_trunc('month', current_date - interval '3 years'), current_date, interval '1 month') d`);
}

async function seedUsers(db: pg.PoolClient, adminPassword: string, demoPassword: string): Promise<void> {
  const adminHash = await hashPassword(adminPassword);
  const demoHash = demoPassword === adminPassword ? adminHash : await hashPassword(demoPassword);
  for (const u of demoUsers) {
    const r = await db.query<{ user_id: number }>(
      `insert into users (user_name, email, first_name, last_name, password_hash, is_active, is_admin, is_super_admin, group_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, (select group_id from groups where code = $9)) returning user_id`,
      [
        u.userName,
        `${u.userName}@backroom.example`,
        u.first,
        u.last,
        u.userName === 'admin' ? adminHash : demoHash,
        u.active ?? true,
        u.admin ?? false,
        u.superAdmin ?? false,
        u.group,
      ],
    );
    const id = r.rows[0]!.user_id;
    await db.query(`insert into user_roles (user_id, role_id) select $1, role_id from roles where code = any($2::text[])`, [id, u.roles]);
    await db.query(`insert into user_instances (user_id, instance_id) select $1, instance_id from instances where code = any($2::text[])`, [
      id,
      u.instances,
    ]);
  }
}

async function seedInbox(db: pg.PoolClient): Promise<void> {
  await db.query(`
    insert into inbox (kind, user_id, sender_id, title, body, severity, is_read, created_at)
    select k.kind, u.user_id, (select user_id from users where user_name = 'admin'), k.title, k.body, k.severity,
           k.n % 3 = 0, now() - (k.n * interval '5 hours')
    from users u
    cross join (values
      ('message', 'Welcome to Backroom', 'Your back office is ready. Use the menu on the left.', 'info', 1),
      ('message', 'Quarterly targets', 'The regional targets for next quarter are in the Reports section.', 'info', 2),
      ('alert', 'Store 1023 missed its daily upload', 'Sales for yesterday arrived late and were re-imported.', 'warning', 3),
      ('alert', 'Card terminal outage', 'Terminals in three West stores were offline for 40 minutes.', 'error', 4),
      ('notification', 'Weekly cycle closed', 'The previous weekly cycle is closed; its figures are final.', 'success', 5),
      ('notification', 'Maintenance window', 'Backroom will restart on Sunday at 02:00 for maintenance.', 'info', 6)
    ) as k(kind, title, body, severity, n)
    where u.is_active`);
}
