#!/usr/bin/env node
// Starts Pawdesk: builds the web app when it is missing or older than its
// sources, then runs the server (migrations, reference data and demo data
// are applied on start; with MIGRATE_ON_START=false the migrations are left to
// `npm run db:migrate` and the start only checks the schema is current).
// Configuration comes from the environment (README).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);
const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const stale = sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > built);
if (!process.env.WEB_DIST && stale) {
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@pawdesk/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
