/**
 * npm run test:multi [-- --keep]: two instances on one PostgreSQL database behind nginx (./setup.ts), the checks
 * (./checks.ts), a table of the results; exit code 1 when a check failed. Ports 3983, 3984 (instances), 3985 (mail),
 * 3986 (Razorpay stand-in), 3989 (nginx); MULTI_PORTS=a,b,smtp,razorpay,nginx to change them.
 */
import { parseArgs } from 'node:util';
import { runChecks, table } from './checks.ts';
import { portsFromEnv, startSetup } from './setup.ts';

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const ports = portsFromEnv();
const t0 = Date.now();
const log = (l: string) => console.log(`[multi ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${l}`);
const setup = await startSetup(ports, log);
let failed = true;
try {
  const results = await runChecks(setup, log);
  failed = results.some((r) => !r.ok);
  console.log(`\nSeveral instances: two on one PostgreSQL database behind nginx, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  console.log(table(results));
} catch (err) {
  console.error(err);
  console.error(`instance A:\n${setup.a.output().slice(-3000)}\ninstance B:\n${setup.b.output().slice(-3000)}`);
} finally {
  await setup.stop(values.keep);
}
process.exit(failed ? 1 : 0);
