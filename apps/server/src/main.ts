import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/index.ts';
import { type Announced, announceServer, newLocalToken } from './db/server-access.ts';
import { DEMO_CUSTOMER, DEMO_STAFF } from './db/seed/demo.ts';
import { startDailyJobs } from './jobs/daily.ts';
import { startOutboxWorker } from './jobs/outbox.ts';
import { createLogger } from './lib/logger.ts';

/** A configuration or database problem (e.g. demo passwords in production) ends the start with its message. */
function cannotStart(err: unknown): never {
  console.error(`Pawdesk cannot start.\n${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const config = await (async () => loadConfig())().catch(cannotStart);
const log = await createLogger(config);
const { database } = await prepareDatabase(config, (m) => log.info(m)).catch(cannotStart);
// On the embedded database, `npm run backup` on this machine asks this server for the backup (db/server-access.ts).
const localToken = database.kind === 'pglite' ? newLocalToken() : undefined;
const app = await buildApp({ config, database, logger: log, localToken });
const worker = config.worker ? startOutboxWorker(app.appContext, app.log) : null;
const daily = config.worker ? startDailyJobs(app.appContext, app.log) : null;
let announced: Announced | null = null;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    announced?.withdraw();
    await daily?.stop();
    await worker?.stop();
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as AddressInfo | null)?.port ?? config.port;
announced = localToken ? announceServer(config.dataDir, { host: config.host, port }, localToken) : null;
const url = `http://localhost:${config.port}`;
console.log(`
  Pawdesk is running at ${url}   (database: ${database.kind}${database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''})
  API docs: ${url}/api/docs
${
  config.seedDemo
    ? `  Demo logins:
    Staff Member (admin)  ${DEMO_STAFF.email} / ${DEMO_STAFF.password}
    Pet Owner             ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}
`
    : ''
}`);
