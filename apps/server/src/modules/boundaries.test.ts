import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';

/**
 * Module boundaries (docs/architecture.md, "Module boundaries"):
 * - every table has one owning module;
 * - only a module's repo files (`*.repo.ts`) import tables, and only their module's;
 * - code outside a module (another module, a job, a plugin) imports only its `*.service.ts` files.
 * A new table fails here until it is given an owner below.
 */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'auth',
  import_records: 'import',
  import_runs: 'import',
  login_failures: 'auth',
  user_sessions: 'auth',
  password_resets: 'auth',
  audit_log: 'audit',
  settings: 'site',
  customer_services: 'site',
  contact_messages: 'site',
  owners: 'pets',
  pets: 'pets',
  vaccinations: 'pets',
  inventory_items: 'inventory',
  stock_movements: 'inventory',
  prescriptions: 'prescriptions',
  prescription_lines: 'prescriptions',
  follow_ups: 'followups',
  notifications: 'notifications',
  visit_types: 'visit-types',
  subscription_plans: 'visit-types',
  visits: 'visits',
  visit_items: 'visits',
  subscriptions: 'subscriptions',
  subscription_events: 'subscriptions',
  boarding_packages: 'packages',
  package_subscriptions: 'packages',
  package_pets: 'packages',
  package_charges: 'packages',
  checkout_orders: 'payments',
  cash_drawer_sessions: 'takings',
  payments: 'payments',
  receipt_counters: 'payments',
  offline_orders: 'payments',
  offline_payments: 'payments',
  offline_payment_links: 'payments',
  offline_refunds: 'payments',
  boardings: 'boarding',
  appointments: 'appointments',
  provider_events: 'payments',
  idempotency_keys: 'payments',
  staff_notifications: 'staff-notifications',
  owner_notifications: 'notifications',
  media: 'media',
  report_cards: 'report-cards',
  incidents: 'report-cards',
  visit_search: 'history',
  tax_documents: 'documents',
  tax_document_lines: 'documents',
  reservations: 'reservations',
  reservation_pets: 'reservations',
  service_flags: 'donotserve',
  service_flag_lift_requests: 'donotserve',
  service_flag_overrides: 'donotserve',
  care_slots: 'care',
  care_items: 'care',
  care_tasks: 'care',
  pet_care_profiles: 'care',
  pet_care_warnings: 'care',
};

/**
 * Reaches not fixed yet, as `file: what it imports`. Each entry must still be
 * needed: once the reach is gone the entry fails the test, so the list only shrinks.
 */
/**
 * The importer of the original system (issue 21) writes the business's records into every module's tables in bulk
 * (multi-row inserts of a million visits; no module has a bulk writer, and going through each module's service a row
 * at a time would take hours). Its writers live in `modules/import/write/` and may name any table there, as the data
 * export's reader does in its one catalog-driven repo (docs/decisions.md, "Importing the original's data").
 */
const CROSS_OWNERSHIP_DIR = path.join('modules', 'import', 'write') + path.sep;

const PENDING: Record<string, string[]> = {
  // The site module has no repo yet: its service queries its own tables.
  [path.join('modules', 'site', 'site.service.ts')]: ['contactMessages', 'customerServices'],
};

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The table (SQL name) of each table exported by db/schema, by its export name. */
const tables = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);

function productionFiles(dir: string): string[] {
  return readdirSync(path.join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

/**
 * Every `import … from '…'`, `export … from '…'`, `import * as X from '…'` (a namespace import brings in every
 * name: `*`) and dynamic `import('…')` (also `*`) of a file, with the names it brings in.
 */
export function importsOf(text: string): { from: string; names: string[] }[] {
  const out: { from: string; names: string[] }[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?([^;]*?)\s+from\s+'([^']+)'/g)) {
    const clause = m[1] ?? '';
    if (/^\*(\s+as\s+[\w$]+)?$/.test(clause.trim())) {
      out.push({ from: m[2]!, names: ['*'] });
      continue;
    }
    const names = [...clause.matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((n) => n[1]!);
    out.push({ from: m[2]!, names });
  }
  for (const m of text.matchAll(/\bimport\(\s*['`"]([^'`"]+)['`"]\s*\)/g)) out.push({ from: m[1]!, names: ['*'] });
  return out;
}

/** SQL table names a file's raw SQL names (`from payments`, `join "pets"`, `into owners`, `update visits`…). */
export function rawSqlTables(text: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join|into|update|truncate|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
    const name = m[1]!.toLowerCase();
    if (known.has(name)) found.add(name);
  }
  return [...found];
}

/** Where a file sits: `modules/<name>/…` → name; otherwise the top folder (jobs, plugins…). */
const moduleOf = (file: string) => (file.startsWith(`modules${path.sep}`) ? file.split(path.sep)[1]! : file.split(path.sep)[0]!);

function violations(): string[] {
  const found: string[] = [];
  const sqlNames = new Set(tables.values());
  for (const file of [...productionFiles('modules'), ...productionFiles('jobs'), ...productionFiles('plugins')]) {
    const mod = moduleOf(file);
    if (file.startsWith(CROSS_OWNERSHIP_DIR)) continue;
    const text = readFileSync(path.join(src, file), 'utf8');
    for (const table of rawSqlTables(text, sqlNames)) {
      const owner = TABLE_OWNERS[table];
      if (!file.endsWith('.repo.ts')) found.push(`${file}: "${table}" in raw SQL (tables are read in repos only)`);
      else if (owner !== mod) found.push(`${file}: "${table}" in raw SQL (owned by ${owner})`);
    }
    for (const imp of importsOf(text)) {
      if (!imp.from.startsWith('.')) continue;
      const target = path.relative(src, path.resolve(path.dirname(path.join(src, file)), imp.from));
      if (target === path.join('db', 'schema', 'index.ts') || target.startsWith(path.join('db', 'schema') + path.sep)) {
        if (imp.names.includes('*')) {
          found.push(`${file}: * (a namespace or dynamic import of the schema reaches every table)`);
          continue;
        }
        for (const name of imp.names.filter((n) => tables.has(n))) {
          const owner = TABLE_OWNERS[tables.get(name)!];
          if (!file.endsWith('.repo.ts')) found.push(`${file}: ${name} (tables are read in repos only)`);
          else if (owner !== mod) found.push(`${file}: ${name} (owned by ${owner})`);
        }
        continue;
      }
      // modules/index.ts is the list of route plugins: it imports every module's routes.
      if (!target.startsWith(`modules${path.sep}`) || file === path.join('modules', 'index.ts')) continue;
      const targetModule = target.split(path.sep)[1]!;
      if (targetModule !== mod && !target.endsWith('.service.ts')) {
        found.push(`${file}: ${target} (another module is reached through its service)`);
      }
    }
  }
  return found;
}

/**
 * The modules each module's services and repos import (routes are left out: a route file composes modules for
 * HTTP and nothing imports it but modules/index.ts).
 */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of productionFiles('modules')) {
    if (file.endsWith('.routes.ts') || file === path.join('modules', 'index.ts')) continue;
    const mod = moduleOf(file);
    const deps = graph.get(mod) ?? new Set<string>();
    graph.set(mod, deps);
    for (const imp of importsOf(readFileSync(path.join(src, file), 'utf8'))) {
      if (!imp.from.startsWith('.')) continue;
      const target = path.relative(src, path.resolve(path.dirname(path.join(src, file)), imp.from));
      if (!target.startsWith(`modules${path.sep}`)) continue;
      const other = target.split(path.sep)[1]!;
      if (other !== mod && !other.endsWith('.ts')) deps.add(other);
    }
  }
  return graph;
}

/** Every cycle of the graph, each as the modules on it from its smallest name (`a -> b -> a`). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        const min = [...trail].sort()[0]!;
        const i = trail.indexOf(min);
        found.add([...trail.slice(i), ...trail.slice(0, i), min].join(' -> '));
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const m of [...graph.keys()].sort()) walk(m, m, [m]);
  return [...found].sort();
}

describe('module boundaries', () => {
  it('has no import cycles between modules (visits, boarding, subscriptions and payments meet in sales)', () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
    const demo = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(demo)).toEqual(['a -> b -> c -> a']);
  });

  it('gives every table an owning module', () => {
    const unowned = [...tables.values()].filter((t) => !TABLE_OWNERS[t]);
    expect(unowned, 'add these tables to TABLE_OWNERS').toEqual([]);
  });

  it('lets a module reach another module’s data only through that module’s service', () => {
    const pending = new Set(Object.entries(PENDING).flatMap(([f, list]) => list.map((x) => `${f}: ${x}`)));
    const found = violations();
    const fresh = found.filter((v) => ![...pending].some((p) => v.startsWith(p)));
    expect(fresh).toEqual([]);
    const stale = [...pending].filter((p) => !found.some((v) => v.startsWith(p)));
    expect(stale, 'remove these from PENDING: they are fixed').toEqual([]);
  });

  it('sees a reach when there is one (the scanner itself works)', () => {
    const text = `import { and } from 'drizzle-orm';\nimport {\n  owners,\n  type pets as P,\n} from '../../db/schema/index.ts';\nexport { x } from '../pets/pets.repo.ts';`;
    expect(importsOf(text)).toEqual([
      { from: 'drizzle-orm', names: ['and'] },
      { from: '../../db/schema/index.ts', names: ['owners', 'pets'] },
      { from: '../pets/pets.repo.ts', names: ['x'] },
    ]);
    expect(importsOf(`import * as s from '../../db/schema/index.ts';\nconst m = await import('../pets/pets.repo.ts');`)).toEqual([
      { from: '../../db/schema/index.ts', names: ['*'] },
      { from: '../pets/pets.repo.ts', names: ['*'] },
    ]);
    const known = new Set(['payments', 'pets', 'owners']);
    expect(rawSqlTables('sql`select * from "payments" p join pets on true`; sql.raw(\'update owners set\')', known)).toEqual([
      'payments',
      'pets',
      'owners',
    ]);
    expect(rawSqlTables('// the pets of an owner, from the owner', known)).toEqual([]);
  });
});
