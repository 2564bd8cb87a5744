import { freshDatabase } from './servers';

/** `node --import tsx tests/fresh-database.ts <port>`: the first demo server's database, fresh (servers.ts). */
await freshDatabase(Number(process.argv[2]));
