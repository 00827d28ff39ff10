// `npm run dev`: the API server with reload (tsx watch) on :3000 and the Vite dev server on
// :5173, which proxies /api and /media to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch-path=apps/server/src', '--watch-path=packages/contract/src', '--import', 'tsx', 'apps/server/src/server.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', cwd: process.cwd() }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
