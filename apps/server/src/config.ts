import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUSINESS_STATE_CODE, DEFAULT_BUSINESS, DEFAULT_TZ, DEMO_GSTIN, OPENING_HOURS } from '@pawdesk/shared';
import { IMPORT_UPLOAD_DEFAULT_MB } from '@pawdesk/shared/import/admin-schemas';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  BUSINESS_TZ: z.string().default(DEFAULT_TZ),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(`${DEFAULT_BUSINESS.name} <no-reply@petdaycare.example>`),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Razorpay SDK sends its calls instead of https://api.razorpay.com (a stand-in). */
  RAZORPAY_API_BASE: z.string().url('RAZORPAY_API_BASE must be a URL').optional(),
  /**
   * Production without Razorpay's keys: allowed only with this set (the offline provider, whose payment links are
   * confirmed at the desk by staff).
   */
  ALLOW_OFFLINE_PAYMENTS: bool.default(false),
  /** Where people open the app (links in emails, e.g. the offline provider's payment-link page). */
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a URL (https://desk.example.com)').optional(),
  SEED_DEMO: bool.optional(),
  /** false: the start does not migrate (a migration role runs `npm run db:migrate`); it checks the schema is current. */
  MIGRATE_ON_START: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Account sign-ups allowed per address per hour, counted in the database (across instances). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** `true` = one reverse proxy in front (trust its X-Forwarded-For entry only), or the number of proxies. */
  TRUST_PROXY: z.union([bool, z.coerce.number().int().min(1).max(10)]).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, '').toLowerCase())
        .filter(Boolean);
      for (const o of list) {
        if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s*]+$/.test(o)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${o}" is not an origin (scheme://host[:port], e.g. https://app.example.com)`,
          });
        }
      }
      return [...new Set(list)];
    }),
  BUSINESS_NAME: z.string().default(DEFAULT_BUSINESS.name),
  BUSINESS_ADDRESS: z.string().default(DEFAULT_BUSINESS.address),
  BUSINESS_PHONE: z.string().default(DEFAULT_BUSINESS.phone),
  BUSINESS_EMAIL: z.string().default(DEFAULT_BUSINESS.email),
  /** The business's GSTIN: set, each sale issues GST documents (tax invoice, bill of supply, credit notes). */
  BUSINESS_GSTIN: z.string().default(DEFAULT_BUSINESS.gstin),
  /** The business's GST state (two digits; 06 Haryana): a buyer in another state is charged IGST. */
  BUSINESS_STATE_CODE: z
    .string()
    .regex(/^[0-9]{2}$/, 'BUSINESS_STATE_CODE must be a two-digit GST state code (06 for Haryana)')
    .default(BUSINESS_STATE_CODE),
  /** A UPI id (name@bank): documents with money still due carry a UPI QR code for it. Empty: none. */
  BUSINESS_UPI_ID: z.string().default(''),
  BUSINESS_HOURS: z.string().default(OPENING_HOURS),
  /** Lets an admin move the server's clock (POST /test/clock): browser tests only, refused in production. */
  TEST_CLOCK: bool.optional(),
  /** The largest zip of the original's export the import screen accepts, in MB (issue 21). */
  IMPORT_UPLOAD_MAX_MB: z.coerce
    .number({ error: 'IMPORT_UPLOAD_MAX_MB must be a number of megabytes' })
    .int('IMPORT_UPLOAD_MAX_MB must be a whole number of megabytes')
    .min(1, 'IMPORT_UPLOAD_MAX_MB must be at least 1')
    .max(100_000, 'IMPORT_UPLOAD_MAX_MB must be at most 100000')
    .default(IMPORT_UPLOAD_DEFAULT_MB),
  /** Turns GET /metrics on: a scraper sends `Authorization: Bearer <METRICS_TOKEN>`. Empty or unset: off (404). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  tz: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Razorpay's keys; absent: the offline payment provider. */
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string; apiBase?: string };
  /**
   * The offline provider may run in production (ALLOW_OFFLINE_PAYMENTS=true); without it a production start needs
   * Razorpay's keys. In production the offline link page takes no payment: staff confirm it (offline.routes.ts).
   */
  allowOfflinePayments: boolean;
  /** Where people open the app, for links in emails; default http://localhost:<port>. */
  publicUrl?: string;
  seedDemo: boolean;
  /** Migrate the database on start (default); false: `npm run db:migrate` does it, the start only checks. */
  migrateOnStart: boolean;
  logLevel: string;
  webDist?: string;
  loginRateLimit: number;
  /** Sign-ups per address per hour (all instances together). */
  signupRateLimit: number;
  /** Trust X-Forwarded-For entries of this many proxies in front (`true` = one); only behind a reverse proxy. */
  trustProxy: boolean | number;
  /** Origins whose browsers may call the API (CORS); none when empty or absent. */
  corsOrigins?: readonly string[];
  business: {
    name: string;
    address: string;
    phone: string;
    email: string;
    /** Empty: no GST documents are issued. */
    gstin: string;
    openingHours: string;
    /** GST state code of the business (default '06', Haryana). */
    stateCode?: string;
    /** UPI id for the QR code of what is still due on a document; empty or absent: none. */
    upiId?: string;
  };
  /** Run the outbox worker in this process. */
  worker: boolean;
  /** A movable clock and the admin route that moves it (POST /test/clock); never in production. */
  testClock?: boolean;
  /** The import screen's upload limit in MB (IMPORT_UPLOAD_MAX_MB, default 500). */
  importUploadMaxMb?: number;
  /** Where the import screen unpacks uploads (`<DATA_DIR>/imports`); absent: a folder of the system's temp dir. */
  importDir?: string;
  /** METRICS_TOKEN: the bearer token of GET /metrics; absent: the endpoint is off (404). */
  metricsToken?: string;
}

/** Parse the environment once; fail fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = dataDirOf(e.DATA_DIR, env);
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 characters)');
  if (production && e.SEED_DEMO) {
    problems.push('SEED_DEMO: demo data (with published passwords) is never added in production; unset SEED_DEMO');
  }
  if (production && e.TEST_CLOCK) problems.push('TEST_CLOCK: a movable clock is for tests only; unset TEST_CLOCK');
  const razorpay = razorpayKeys(e, problems);
  if (production && !razorpay && !e.ALLOW_OFFLINE_PAYMENTS && !problems.some((p) => p.includes('RAZORPAY_'))) {
    problems.push(
      'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production. Without them the offline payment provider takes card and link payments, and no money moves: set all three, or ALLOW_OFFLINE_PAYMENTS=true to run without Razorpay (card and link payments are then confirmed at the desk by staff only)',
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const seedDemo = e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    tz: e.BUSINESS_TZ,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    razorpay,
    allowOfflinePayments: e.ALLOW_OFFLINE_PAYMENTS,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    seedDemo,
    migrateOnStart: e.MIGRATE_ON_START,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ?? false,
    corsOrigins: e.CORS_ORIGINS,
    business: {
      name: e.BUSINESS_NAME,
      address: e.BUSINESS_ADDRESS,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      gstin: e.BUSINESS_GSTIN || (seedDemo ? DEMO_GSTIN : ''),
      openingHours: e.BUSINESS_HOURS,
      stateCode: e.BUSINESS_STATE_CODE,
      upiId: e.BUSINESS_UPI_ID,
    },
    worker: true,
    testClock: e.TEST_CLOCK ?? false,
    importUploadMaxMb: e.IMPORT_UPLOAD_MAX_MB,
    importDir: path.join(dataDir, 'imports'),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Relative paths are read from where the user ran the command (npm sets INIT_CWD); the default is <repo>/data. */
function dataDirOf(dir: string | undefined, env: NodeJS.ProcessEnv): string {
  return dir ? path.resolve(env.INIT_CWD ?? process.cwd(), dir) : path.join(repoRoot, 'data');
}

/**
 * Only where the database is (DATABASE_URL, or the embedded one in DATA_DIR): for `npm run db:migrate`, which a
 * migration role runs without the app's secrets and keys.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: dataDirOf(parsed.data.DATA_DIR, env) };
}

/** All three Razorpay keys, or none (the offline provider); a partial set is a mistake worth stopping for. */
function razorpayKeys(e: z.infer<typeof envSchema>, problems: string[]): Config['razorpay'] {
  const keys = {
    RAZORPAY_KEY_ID: e.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: e.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: e.RAZORPAY_WEBHOOK_SECRET,
  };
  const missing = Object.entries(keys)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')}: Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together (set all three, or none for the offline payment provider)`,
    );
    return undefined;
  }
  return {
    keyId: e.RAZORPAY_KEY_ID!,
    keySecret: e.RAZORPAY_KEY_SECRET!,
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
    apiBase: e.RAZORPAY_API_BASE,
  };
}

/** In embedded mode a random secret is generated once and kept in the data directory. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
