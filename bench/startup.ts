// `npm start` to first page: the first-ever start (creates, migrates and seeds the embedded database) and
// a start on the existing data directory (target: first page within 5 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';
import { report } from './report.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'backroom-bench-start-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' };
try {
  console.log('startup (embedded database)');
  const first = await startServer(env);
  await first.stop();
  report({ name: 'first-ever start to first 200 (creates + seeds ~530k sales)', value: first.msToFirst200 / 1000, unit: 's' });
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer(env);
    runs.push(again.msToFirst200 / 1000);
    await again.stop();
  }
  report({
    name: 'start on existing data dir to first 200 (worst of 3)',
    value: Math.max(...runs),
    unit: 's',
    target: { op: '<=', value: 5 },
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
