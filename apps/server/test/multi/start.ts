/** scripts/multi-instance.sh: starts the setup of ./setup.ts and keeps it running until Ctrl-C (or SIGTERM). */
import { portsFromEnv, startSetup } from './setup.ts';

const ports = portsFromEnv();
const setup = await startSetup(ports, (l) => console.log(l));
console.log(`
  Pawdesk behind nginx: ${setup.nginx.url}  (instances ${setup.a.url} and ${setup.b.url}, one PostgreSQL database)
  Log in as staff@pawdesk.test / staff123. Mail is received on smtp://127.0.0.1:${ports.smtp}; Razorpay is a stand-in.
  nginx configuration: ${setup.nginx.dir}/nginx.conf
  Ctrl-C stops everything and drops the database.
`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await setup.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
