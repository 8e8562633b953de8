// First start of a new database: seed the demo data and, when ADMIN_PASSWORD is unset, generate the
// admin's password and print it once (it is stored only as a hash).
import type pg from 'pg';
import type { Config } from '../config.ts';
import { generatePassword } from '../auth/password.ts';
import { seedDemo } from './seed.ts';

export async function ensureSeeded(
  pool: pg.Pool,
  config: Pick<Config, 'adminPassword' | 'demoPassword'>,
  options: { stores?: number; salesDays?: number; quiet?: boolean } = {},
): Promise<void> {
  const adminPassword = config.adminPassword ?? generatePassword();
  const seeded = await seedDemo(pool, { ...options, adminPassword, demoPassword: config.demoPassword });
  if (seeded && !config.adminPassword && !options.quiet) {
    process.stdout.write(
      `\n  Demo data created. Sign in as "admin" with the password: ${adminPassword}\n` +
        `  (shown only this once; set ADMIN_PASSWORD before the first start to choose it)\n\n`,
    );
  }
}
