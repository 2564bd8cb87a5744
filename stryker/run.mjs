// npm run test:mutation [-- <target>[:<group>]...]: runs Stryker for each target (all when none is named), group by
// group (see base.mjs), and prints how long each took. Targets: the *.conf.mjs files beside this script.
// Other arguments starting with "-" go to Stryker (e.g. --force). See docs/quality.md, "Mutation testing".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const order = ['shared', 'ledger', 'sales', 'boarding'];
const all = readdirSync(here)
  .filter((f) => f.endsWith('.conf.mjs'))
  .map((f) => f.replace(/\.conf\.mjs$/, ''))
  .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('-'));
const wanted = args.filter((a) => !a.startsWith('-'));

/** @type {{ target: string, group: string }[]} */
const runs = [];
for (const w of wanted.length ? wanted : all) {
  const [target, group] = w.split(':');
  if (!all.includes(target)) {
    console.error(`unknown mutation target "${target}"; known: ${all.join(', ')}`);
    process.exit(2);
  }
  const { groups } = await import(pathToFileURL(path.join(here, `${target}.conf.mjs`)).href);
  if (group && !groups[group]) {
    console.error(`unknown group "${group}" of ${target}; known: ${Object.keys(groups).join(', ')}`);
    process.exit(2);
  }
  for (const g of group ? [group] : Object.keys(groups)) runs.push({ target, group: g });
}

// Tests that read the spec's reference files find them at ../shared beside the repository; the sandbox is one
// folder deeper (.stryker-tmp/sandbox-*), so the same relative path must lead there from .stryker-tmp too.
const tmp = path.join(root, '.stryker-tmp');
const reference = path.resolve(root, '../shared');
mkdirSync(tmp, { recursive: true });
if (existsSync(reference) && !existsSync(path.join(tmp, 'shared'))) symlinkSync(reference, path.join(tmp, 'shared'), 'dir');

const times = [];
let failed = false;
for (const { target, group } of runs) {
  const started = Date.now();
  console.log(`\n=== mutation testing: ${target}, group ${group} ===`);
  const r = spawnSync('npx', ['stryker', 'run', `stryker/${target}.conf.mjs`, ...flags], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', STRYKER_GROUP: group },
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const line = `${target}:${group} ${minutes} min${r.status === 0 ? '' : ` (exit ${r.status})`}`;
  console.log(`=== ${line} ===`);
  times.push(line);
  if (r.status !== 0) failed = true;
}
console.log(
  `\nmutation testing took: ${times.join(', ')}\nreports: reports/mutation/<target>.html (the last group's run shows the whole target)`,
);
process.exit(failed ? 1 : 0);
