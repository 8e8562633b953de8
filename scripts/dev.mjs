// npm run dev: rebuilds browser bundles on change and restarts the server when its code changes.
import { spawn } from 'node:child_process';

// NODE_ENV=development: the server then serves browser source maps to anyone (server/static-files.ts).
const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
const children = [
  run(process.execPath, ['scripts/build.mjs', '--watch']),
  run(process.execPath, [
    '--import',
    'tsx',
    '--watch-path=server',
    '--watch-path=common',
    '--watch-path=views',
    '--watch-path=static/build',
    'server/main.ts',
  ]),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
